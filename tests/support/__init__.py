"""Helpers the tests share: sessions, sheets and scenes made for them; no tests here."""
