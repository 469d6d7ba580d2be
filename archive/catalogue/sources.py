"""The catalogue's sources: each seed document as a citable source, and the works they cite.

``ref`` is the stable public id (/sources/<ref>/); it is fixed here so that every install of the
catalogue gives the same links, except for a source the DLP has, whose ref is derived from its
DLP id (archive.identifiers) whichever of the catalogue and the DLP is loaded first;
``former_refs`` are refs it had before, which still lead to it. ``key`` is how the rest of the catalogue refers to a source.
"""
from __future__ import annotations

SOURCES = [
    {
        "key": "seed-ses-bes",
        "ref": "SEV2445SB",
        "kind": "database",
        "citation": (
            "Digital Ludeme Project. “Evidence for Şeş-Beş” (record DLP.Evidence.2445). "
            "Ludii Portal, Maastricht University."
        ),
        "authors": "Digital Ludeme Project",
        "title": "Evidence for Şeş-Beş (DLP.Evidence.2445)",
        "container": "Ludii Portal",
        "publisher": "Department of Advanced Computing Sciences, Maastricht University",
        "place": "Maastricht",
        "language": "en",
        "note": (
            "Seed document 000_17a56712700b567a.txt: the portal's page for the record, giving its type, "
            "three coordinate pairs, the dates, the rules, the fieldwork notes of Walter Crist and "
            "Aslan Gasimov, confidence, ages, social status, spaces and genders."
        ),
    },
    {
        "key": "seed-shesh-besh",
        "ref": "SSHESHBSH",
        "kind": "webpage",
        "citation": "“Shesh Besh.” Backgammon Blog (web page, undated).",
        "title": "Shesh Besh",
        "container": "Backgammon Blog",
        "language": "en",
        "note": (
            "Seed document 001_812d6ec1de41ffa5.txt: a backgammon blog's page on the Turkish game, with "
            "its set-up, movement, hitting, entering, bearing off, scoring, and a list of differences "
            "from Western backgammon. No author or date is given on the page."
        ),
    },
    {
        "key": "seed-bechi",
        "ref": "SEV88BECH",
        "kind": "database",
        "citation": (
            "Digital Ludeme Project. “Evidence for Béchi” (record DLP.Evidence.1188). "
            "Ludii Portal, Maastricht University."
        ),
        "authors": "Digital Ludeme Project",
        "title": "Evidence for Béchi (DLP.Evidence.1188)",
        "container": "Ludii Portal",
        "publisher": "Department of Advanced Computing Sciences, Maastricht University",
        "place": "Maastricht",
        "language": "en",
        "note": (
            "Seed document 002_a0ef5007c9ac0be0.txt: the portal's page for the record, whose content is "
            "P. Townshend's account of the game as quoted by R. Pankhurst (1971)."
        ),
    },
    {
        "key": "seed-takhte-nard",
        "ref": "STAKHTENA",
        "kind": "webpage",
        "citation": "“قوانین تخته نرد حرفه ای” [Rules of professional Takhte Nard] (web article in Persian, undated).",
        "title": "قوانین تخته نرد حرفه ای (Rules of professional Takhte Nard)",
        "language": "fa",
        "note": (
            "Seed document 003_e1ec652edcb3487c.txt: a Persian article that joins several texts (one "
            "credited to Wikibooks, one to pinterest.com) on set-up, movement, hitting, bearing off, "
            "mars, black mars (mars-e siah) and the doubling cube (dav). Our English rendering of the "
            "parts about the rules is seeds/003-translation-en.md; translations of quotations shown "
            "beside the clauses are ours."
        ),
    },
    {
        "key": "seed-gul-bara",
        "ref": "SGUBARAWP",
        "kind": "webpage",
        "citation": "“Gul bara.” Online encyclopaedia article (web page, undated).",
        "title": "Gul bara",
        "language": "en",
        "note": (
            "Seed document 004_06e60a069d5eb2bf.txt: an encyclopaedia article on Gul bara (play, "
            "doublets, bearing off and winning), with a list of related tables games. It cites "
            "Sfetcu, A Gambling Guide (2014), and Papahristou and Refanidis (2014)."
        ),
    },
    {
        "key": "pankhurst-1971",
        # A DLP source: its ref is derived from its DLP id; the ref it had before still leads to it.
        "former_refs": ["SPANKHRST"],
        "dlp_id": 122,
        "kind": "article",
        "citation": (
            "Pankhurst, R. 1971. Gabata and Related Board Games of Ethiopia and the Horn of Africa. "
            "Ethiopia Observer 14(3): 154-206."
        ),
        "authors": "Pankhurst, Richard",
        "year": 1971,
        "title": "Gabata and Related Board Games of Ethiopia and the Horn of Africa",
        "container": "Ethiopia Observer",
        "volume": "14",
        "issue": "3",
        "pages": "154-206",
        "language": "en",
        # As the DLP records it (loaded without the dump, the source has the same link).
        "url": "https://www.worldcat.org/title/ethiopia-observer/oclc/473758639&referer=brief_results",
        "note": "DLP source 122, the source of record DLP.Evidence.1188.",
    },
    {
        "key": "townshend-1971",
        "ref": "STWNSHEND",
        "kind": "other",
        "citation": "Townshend, P. 1971, as quoted in Pankhurst 1971: 169-170.",
        "authors": "Townshend, Philip",
        "year": 1971,
        "title": "Account of béchi, as quoted by R. Pankhurst",
        "pages": "169-170",
        "language": "en",
        "note": (
            "The Béchi record's content ends with the citation “Townshend 1971: 169-170”. The record "
            "does not give the full reference of Townshend's text; the pages cited fall within "
            "Pankhurst's article, which is where we read it."
        ),
    },
    {
        "key": "crist-gasimov-2024",
        "ref": "SCRSTGSMV",
        "kind": "fieldwork",
        "citation": (
            "Crist, W. and A. Gasimov. 2024. Fieldwork notes on Şeş-Beş in Salyan, Xanliqlar and among "
            "Karabakh refugees, Azerbaijan, July-August 2024 (GameTable Short-Term Scientific Mission). "
            "Recorded in the Ludii Portal as DLP.Evidence.2445."
        ),
        "authors": "Crist, Walter; Gasimov, Aslan",
        "year": 2024,
        "title": "Fieldwork notes on Şeş-Beş in Azerbaijan",
        "container": "GameTable Short-Term Scientific Mission",
        "language": "en",
        "note": "The observations behind DLP.Evidence.2445, as the record's content credits them.",
    },
]
