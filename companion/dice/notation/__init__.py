"""Dice notation: a small grammar (in parse), read by hand into a tree, rolled with a
DiceSource.

The operators are those of avrae's d20 notation, with the same meaning, applied left to
right to the dice of their group: `k` keeps the dice its selector picks and `p` drops
them; `hN`/`lN` pick the N highest/lowest dice still kept, `N` the dice showing N, `<N`
and `>N` those showing less or more. `rr` rerolls the picked dice until none is picked
(each at most MAX_REROLLS times: the last reroll stands), `ro` rerolls them once, `ra`
rolls one more die for the first one picked; `e` rolls one more die for each one picked,
and for each new one picked, at most MAX_EXPLOSIONS times from each die rolled first;
`!` is `e` on the highest face. `mi`/`ma` raise/lower each die to at least/most N. The
same operator written twice in a row picks the dice either selector picks (`kh1kl1`
keeps the highest and the lowest). Choosing by `h` and `l` needs a number of dice known
before the roll: it comes before `e`, `ra` and keeping or dropping by face (which make
that number depend on the roll), and after a reroll only if nothing was chosen before.

Our decisions where d20 leaves room: results are whole numbers: `/` divides and rounds
toward zero (7/2 = 3, -7/2 = -3), `//` rounds down (-7//2 = -4) and `%` is what `//`
leaves (-7%2 = 1): a leading '-' belongs to the first factor of a product, as in d20;
a divisor that could be 0 (0 lies between its lowest and highest) is refused. `d%` is
d100 (1..100). Keeping or dropping more dice than there are keeps or drops them all;
`h0`/`l0`, a selector no face of the die can match, `mi`/`ma` beyond the die's faces,
and `rr`/`e` on every face are refused. After an operator of a product, a negative
goes in parentheses: 2*(-1). A house ruling: a product with a number with decimals in it
(`1d6*1.5`) is worked out exactly, `/` dividing exactly, and rounded once at its end to
the nearest whole number, a half going down (4.5 is 4, -1.5 is -2); a decimal alone is
rounded likewise. So every total stays a whole number.

`d66` is two d6 read as tens and units (11..66), not a 66-sided die, so it takes no
count and no operator. A success pool is a whole expression.

What is where, each module importing only those above it:

    limits           the MAX_* bounds on what one expression may hold and draw
    operators        Selector and Op, what a group with them can come to (shape),
                     which items of a set its keeps leave (set_kept)
    arithmetic       the products' whole-number and exact arithmetic, and rounding
    tree             the terms and expressions a text is parsed into (Sum, Pool, ...)
    reader           NotationError, and the position in a text as it is read
    parse_operators  reading the operators after dice and the keeps after a set
    parse            the grammar and its parser: parse()
    words            the help text (NOTATION_HELP) and how a roll is written
    group            one group of dice as rolled and acted on by its operators
    roll             evaluate() and RollResult, the quick way and the full way

The exact odds of an expression are companion.dice.odds'.
"""
