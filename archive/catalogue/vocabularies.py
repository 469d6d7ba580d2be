"""The DLP controlled vocabularies with their DLP row ids, as in the 2020-08-11 dump
(archive/data/dlp/ludiiGames-2020-08-11.sql.gz, tables Ages, Genders, SocialStatuses, Spaces,
UncertaintyFactors, Periods, Regions, Categories). The DLP importer matches these by dlp_id."""
from __future__ import annotations

AGES = [(1, "All"), (2, "Child"), (3, "Elder"), (4, "Adolescent"), (5, "Adult")]

GENDERS = [(1, "All"), (2, "Female"), (3, "Male"), (4, "Other")]

SOCIAL_STATUSES = [
    (1, "All"), (2, "Non-Elite"), (3, "Elite"), (4, "Royalty"), (5, "Nobility"), (6, "Clergy"),
    (7, "Merchant"), (8, "Craftsperson"), (9, "Military"), (10, "Undifferentiated"),
]

SPACES = [
    (1, "All"), (2, "Inside"), (3, "Outside"), (4, "Public"), (5, "Private"), (6, "Ritual"),
    (7, "Monumental"), (8, "Household"), (9, "Communal"), (10, "Administrative"), (11, "Military"),
    (12, "Transitional"),
]

UNCERTAINTY_FACTORS = [
    (1, "Incomplete"), (2, "Unknown provenience"), (3, "Ambiguous pattern"), (4, "Uncertain date"),
    (5, "Graffiti"), (6, "Written > 100 years after events"), (7, "Written > 500 years after events"),
    (8, "Written about a foreign culture"), (9, "Translated from another language"), (10, "Secondary text"),
    (11, "Game not named"), (12, "Unrepresentative depiction"), (13, "Insufficiently described rules"),
    (14, "Board not described"), (15, "Rules not described"), (16, "Rules learned second-hand"),
    (17, "Suspected copy of earlier work"), (18, "Suspected forgery"),
]

PERIODS = [(1, "Ancient"), (2, "Medieval"), (3, "Modern")]

# (dlp id, name, continent, direction)
REGIONS = [
    (1, "Australia and New Zealand", "Australia and New Zealand", ""),
    (2, "Caribbean", "Caribbean", ""),
    (3, "Central America", "America", "Central"),
    (4, "Central Asia", "Asia", "Central"),
    (5, "Eastern Africa", "Africa", "Eastern"),
    (6, "Eastern Asia", "Asia", "Eastern"),
    (7, "Eastern Europe", "Europe", "Eastern"),
    (8, "Melanesia", "Melanesia", ""),
    (9, "Micronesia", "Micronesia", ""),
    (10, "Middle Africa", "Africa", "Middle"),
    (11, "Northern Africa", "Africa", "Northern"),
    (12, "Northern America", "America", "Northern"),
    (13, "Northern Asia", "Asia", "Northern"),
    (14, "Northern Europe", "Europe", "Northern"),
    (15, "Polynesia", "Polynesia", ""),
    (16, "South America", "America", "South"),
    (17, "Southeastern Asia", "Asia", "Southeastern"),
    (18, "Southern Africa", "Africa", "Southern"),
    (19, "Southern Asia", "Asia", "Southern"),
    (20, "Southern Europe", "Europe", "Southern"),
    (21, "Western Africa", "Africa", "Western"),
    (22, "Western Asia", "Asia", "Western"),
    (23, "Western Europe", "Europe", "Western"),
]

CATEGORIES = [
    (1, "board"), (2, "hunt"), (3, "race"), (4, "escape"), (5, "fill"), (6, "reach"), (7, "sow"),
    (8, "four rows"), (9, "three rows"), (10, "two rows"), (11, "space"), (12, "blocking"),
    (13, "connection"), (14, "group"), (15, "line"), (16, "pattern"), (17, "territory"), (18, "war"),
    (19, "chaturanga"), (20, "chess"), (21, "leaping"), (22, "alquerque"), (23, "draughts"),
    (24, "shogi"), (25, "tafl"), (26, "xiangqi"), (27, "dominoes"), (28, "experimental"),
    (29, "graph theory"), (30, "math"), (31, "graph"), (32, "solo"), (33, "hand"), (34, "nim"),
    (35, "puzzle"), (36, "deduction"), (37, "planning"),
]
