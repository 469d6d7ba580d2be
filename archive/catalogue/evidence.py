"""The two evidence records in the seeds, with every fact their pages give.

``coordinates`` are the text as the record gives it; the loader computes decimal degrees
(archive.geo). Place names are our identification of the coordinates (the records give none),
said so in each place's note. Summaries (``summary``, ``rules_summary``) are ours and are shown
beside the record's own text, which is kept verbatim: its ``rules_text`` and ``content`` are
read from the DLP's dump or the portal's page (``page``, in archive/data/dlp/pages/), never
written here.
"""
from __future__ import annotations

EVIDENCE = [
    {
        "dlp_id": 2445,
        # The record's rules and content, verbatim, come from this page (the seed): the 2020 dump
        # predates the record.
        "page": "DLP.Evidence.2445.txt",
        # Refs are derived from DLP ids (archive.identifiers); these were given before.
        "former_refs": ["E2445SESB"],
        "type": "ethnography",
        "game": "ses-bes",
        "ruleset": ("ses-bes", "azerbaijan-2024"),
        "start_year": 2024,
        "end_year": 2024,
        "start_date": "2024-07-18",
        "end_date": "2024-08-06",
        "date_precision": "day",
        "date_text": "2024-07-18 - 2024-08-06",
        "location_text": "39°35'29.31\"N, 48°58'34.31\"E; 41° 3'4.40\"N, 47°24'54.19\"E; 39°30'8.75\"N, 45° 1'45.55\"E",
        "places": [
            {
                "name": "Salyan",
                "coordinates": "39°35'29.31\"N, 48°58'34.31\"E",
                "note": "Salyan is named in the record; the point lies in the town.",
            },
            {
                "name": "Xanliqlar",
                "coordinates": "41° 3'4.40\"N, 47°24'54.19\"E",
                "note": "The record names Xanliqlar second; we take the second point to be it (northern Azerbaijan).",
            },
            {
                "name": "Nakhchivan (Karabakh refugees?)",
                "coordinates": "39°30'8.75\"N, 45° 1'45.55\"E",
                "note": (
                    "The third point lies in the Nakhchivan exclave. The record names Karabakh refugees as its "
                    "third group and Nakhchivan for the name Uzun nərd, but ties neither to this point."
                ),
            },
        ],
        "summary": (
            "Fieldwork notes by Walter Crist and Aslan Gasimov, made during a GameTable short-term "
            "scientific mission in July and August 2024 in Salyan, in Xanliqlar and among refugees from "
            "Karabakh. Şeş-Beş is played on a wooden box board, the nərd taxta, with twelve points a "
            "side; the points often have sockets that hold the pieces upright, and the box is often "
            "decorated inside and out. Each player has fifteen pieces (sets are often sold with a spare "
            "each) and there are two small dice, which must be thrown, not rolled, and land flat inside "
            "the box or be thrown again. Around Baku the numbers are called out in Persian, in the west "
            "in Azerbaijani, and each double has a name (qoşa; for example şeş qoşa or altı qoşa for "
            "6-6). All fifteen pieces start on one point and both players move counterclockwise; there "
            "is no hitting, one piece holds a point, a player may not make six points in a row unless an "
            "opposing piece is past them, only one piece may leave the start per turn (two on a first "
            "throw of 6-6 or 4-4), and a throw of 6-5 (şeş-beş) carries a piece from the start into the "
            "third quarter. Pieces are borne off from the last quarter, games are played to three "
            "points, and a win before the opponent has borne off any piece (mars) counts two. The game "
            "is most commonly called şeş-beş, in Nakhchivan Uzun nərd (“long nard”)."
        ),
        "rules_summary": (
            "Tables board, fifteen pieces each, two six-sided dice. All of a player's pieces start on "
            "the rightmost point of the row opposite him; play runs counterclockwise. The higher single "
            "die starts. Each die is played as thrown; doubles are played twice over (four moves). No "
            "piece may land on a point holding an opposing piece. One piece leaves the start per turn, "
            "except that a first throw of 6-6 or 4-4 lets two leave. A throw of 6-5 takes a piece from "
            "the start to the bar and on into the third quarter. Six points in a row may not be "
            "blocked unless an opposing piece is past them. Once all pieces are in the last quarter "
            "they are borne off by exact throws, a higher throw taking the farthest piece. Games are "
            "played to three points: one a game, two for mars (the loser has borne off none)."
        ),
        "content_citation": "Crist and Gasimov 2024, fieldwork notes, as given in DLP.Evidence.2445 (Ludii Portal).",
        "confidence": 100,
        "ages": ["All"],
        "genders": ["Female", "Male"],
        "social_statuses": ["All"],
        "spaces": ["Inside", "Outside", "Public", "Private", "Communal"],
        "uncertainty_factors": [],
        "sources": ["crist-gasimov-2024", "seed-ses-bes"],
        "recorded_by": "",
    },
    {
        "dlp_id": 1188,
        # The record's rules and content, verbatim, come from the DLP's dump (imported first), or
        # from this page (the seed) where the catalogue is loaded alone.
        "page": "DLP.Evidence.1188.txt",
        "former_refs": ["EBECH88KN"],
        "type": "ethnography",
        "game": "bechi",
        "ruleset": ("bechi", "kunama"),
        "start_year": 1971,
        "end_year": 1971,
        "start_date": "1971-01-01",
        "end_date": "1971-12-31",
        "date_precision": "year",
        "date_text": "1971-01-01 - 1971-12-31",
        "location_text": "15° 6'26.82\"N, 37°35'26.68\"E",
        "places": [
            {
                "name": "Barentu, Gash-Barka (Kunama country)",
                "coordinates": "15° 6'26.82\"N, 37°35'26.68\"E",
                "note": "The point lies at Barentu, in the Kunama lands of western Eritrea.",
            },
        ],
        "summary": (
            "Richard Pankhurst (1971) quotes P. Townshend's account of béchi, a game of the Kunama "
            "generally played by boys and youths on two rows of four, or sometimes three, holes with six "
            "counters in each. Sowing runs clockwise from one half of the row and anticlockwise from the "
            "other (from the centre hole of a three-hole row the player chooses), so the two players "
            "may be moving in opposite directions. A player never takes up a whole hole but leaves one "
            "counter behind, so a single counter cannot be moved, and the move ends where the last "
            "counter falls. The last counter captures, on either row, a hole that has already been moved "
            "and now holds an even number, together with any following even holes. A player who cannot "
            "move waits; when neither can, the round ends and each keeps what is on his side. Counters "
            "are then laid out six to a hole: surplus counters are set aside, and a player short of "
            "counters chooses which holes to leave empty. Nobody may sow into such a hole, called shuda "
            "ita, and its owner could hide captures there to catch an opponent who dropped a counter in "
            "it, unless the players agreed beforehand to play without such tricks. Rounds start "
            "alternately, and the game ends when a player has fewer than six counters; the winner might "
            "then say “toma natuka”."
        ),
        "rules_summary": (
            "2x4 (or 2x3) board, six counters per hole. Sowing is clockwise from the left half of a "
            "player's row and anticlockwise from the right half; from a central hole the player "
            "chooses. The first counter is dropped back into the starting hole. A last counter that "
            "makes an even number in an occupied hole already moved from captures it, with each "
            "following even hole. A player unable to move passes; when neither can, each takes the "
            "counters in his row. Counters are laid out six per hole, surplus set aside; holes that "
            "cannot be filled are left empty, chosen by their owner, and are not sown into (captures "
            "may be hidden there, and a counter the opponent sows there may be taken). The starting "
            "player alternates; rounds continue until a player cannot fill a hole."
        ),
        "content_citation": "Townshend 1971: 169-170, as quoted in Pankhurst 1971 (DLP.Evidence.1188).",
        "confidence": 100,
        "ages": ["Child", "Adolescent"],
        "genders": ["Male"],
        "social_statuses": [],
        "spaces": [],
        "uncertainty_factors": [],
        "sources": ["pankhurst-1971", "townshend-1971", "seed-bechi"],
        "recorded_by": "Walter.Crist",
    },
]
