"""The League screen: the stable's leagues, their standings, rounds and brackets."""
