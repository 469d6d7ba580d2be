"""The sowing mechanic: mancala games (Oware, Béchi and their kin) played from a rules file.

Seeds lie in holes on two (or four) rows; a player lifts the seeds of one hole and sows them
one by one into the holes that follow, then may capture by what the last seed found. Every
rule below is an element a clause carries (a TOML table under the element's name); the same
element may be spread over several clauses, each stating the keys of its own rule (``sow`` in
one clause for the direction, in another for the lap that skips the starting hole). A key may
be stated once in a file. ``capture`` is the exception: each clause's ``capture`` is one
capture rule, tried in the file's order.

Any key's value may be ``{ option = "NAME" }``: the value is then the option's, chosen per
game (``[options.NAME]``, whose clause says which reading is which). Every value an option
allows is checked against the key when the file is compiled. As in every mechanic, a clause
governed by a true-or-false option (``option = "NAME"`` on the clause) states its elements only
while the option is on: its keys take their defaults, and its capture rule is dropped, when
the option is off.

**Holes.** Named ``1``..``N`` anticlockwise from the first seat's left (``board.mancala``):
on two rows of six, ``1``..``6`` are the first seat's holes from its left, ``7``..``12`` the
second seat's from its left. Stores (``s1`` the first seat's, on the right; ``s2`` the
second's) hold each seat's captures.

Elements and keys (defaults in brackets):

- ``board``: ``shape = "mancala"``, ``rows`` (2, 3 or 4) [2], ``holes`` per row [6], ``stores``
  (0 or 2) [0], ``first_store`` = ``"right"`` | ``"left"``: the side of the board, as the
  first seat sees it, of his store (s1), the other's across from it ["right"]. On two rows the holes make one anticlockwise track; on four each seat sows
  round its own two rows (its outer row, then its inner row facing the opponent). On three
  rows (the Gabata family of the Horn of Africa; an even number of holes a row) each seat owns
  the row nearest him and the half of the central row on his right, and the holes make one
  track, numbered along it: the first seat's row left to right (``1``..``6``), his half of the
  centre right to left (``7``..``9``), the far row right to left (``10``..``15``), the other
  seat's half of the centre left to right (``16``..``18``), and on into ``1``; the first half
  of the numbers is the first seat's, as on two rows (no hole faces another there, so no
  ``take = "opposite"``).
  ``track = "serpentine"`` (three rows): each seat sows along his own path through all three
  rows as he sees them, his row left to right, the whole central row right to left, the far
  row left to right, and back into his row; ownership and hole numbers stay as above
  (Abalala'e) ["ring"].
  ``draw = [[x, y], ...]`` (sow18): where each hole (then each store) is drawn, in hole order,
  in hole widths, y growing upwards, the first seat's row at the bottom; play is unchanged,
  the holes' rows, columns and facing holes being the plain board's (Mbelele's single holes
  between the rows) [the plain rows].
  ``shared = [hole, ...]``: holes the board draws and describes as nobody's, which the game's
  rules keep out of either player's choices (Fergen Gobale's centre holes); play is unchanged
  [none].
  ``owners = "halves"`` (two rows, no stores): a seat owns not a row but the holes of both
  rows on one side of the central column, the first seat those on his left, the second those
  on his right; with an odd number of holes a row, the central column's two holes are
  nobody's to sow from (they count as the first seat's, below, and the second's, above, where
  seeds left on the board go to their owner; the evaluation counts them for nobody) (Kanji
  Guti) ["rows"]; ``owners = "counters"`` (two rows, no stores; sow17): a hole is the player's
  whose counters lie in it, an empty hole nobody's (-1 in ``sim.own``); the game's hooks
  (``sow.moves_hook``, ``sow.sow_hook``) move holes from player to player with
  ``sim._set_owners``, and the state lists each non-empty hole as ``[seat, "seed", n]``
  (Quendo, Mwendo).
- ``setup``: ``seeds`` in every hole [4], or ``counts`` (one per hole, in hole order);
  ``hand``: seeds each player keeps in hand (his store) at the start, for ``sow.enter`` [0];
  ``stores``: seeds each player's store (his seeds taken) holds at the start, or a list of two,
  one per seat [0] (I Pere, whose opening puts each player's fourth hole into his store;
  Lamosh, whose set opening gives its maker four);
  ``first``: the seat that moves first, by its side's name, or ``"lot"`` (a chance action
  ``{"first": seat}`` draws it) [the first side].
- ``sow``: ``from`` = ``"own"`` (the mover's holes) | ``"any"`` [own]; ``min`` seeds a hole
  needs to be sown from [1]; ``direction`` = ``"ccw"`` (anticlockwise) | ``"cw"`` |
  ``"choose"`` (the player says, ``{"sow": "3", "direction": "cw"}``) | a table by the hole's
  place in the mover's row as the mover sees it, ``{ left = "cw", right = "ccw", centre =
  "choose" }`` (Béchi) | ``"choose-once"`` (the player chooses on his first sowing, or his
  first after the one ``first_direction`` sets, and keeps that way for the rest of the game;
  the state lists each player's, ``directions``) [ccw]; ``first_direction`` = ``"cw"`` |
  ``"ccw"``: each player's first sowing goes that way [any]; ``skip_origin``: a sowing that comes round again passes over
  the hole it started from, for the whole move, relay laps included (true or ``"move"``), or
  each relay lap over the hole it was lifted from (``"lap"``) [false]; ``first_in_origin``: the first seed goes back into the
  starting hole (``"unless-single"``: unless the hole held one seed, which goes on into the
  next: Toguz Kumalak) [false]; ``skip_at``: holes holding this many or more take no seed, which goes
  on to the next hole (0: none) [0]; ``relay``: a last seed that falls into an occupied hole
  lifts its contents and sows on, until a last seed falls into an empty hole (``relay_take``:
  a last seed that makes this many in a hole, either row, takes them for the mover, and the
  relay goes on with the seeds of the next hole, ending if it is empty; 0: none [0]); or ``"next"``:
  while the hole after the last seed's holds seeds, they are lifted and sown on from there
  (Dongjintian; a store on the track is no hole, the next hole being the one after it: Sonka);
  or ``"next-occupied"``: only when the last seed falls into a hole that was
  occupied, the seeds of the hole after it, if any, are lifted and sown on from there, the
  sowing ending when the last seed falls into an empty hole or the hole after it is empty
  (Gabata of Adegrat) [false];
  ``opening_each``: until a player has sown once from each of his holes, he sows only from
  those he has not yet sown from, and takes nothing (Adjiboto) [false];
  ``first_to_next``: each player's first move puts all the seeds of one of his holes into
  the next hole, taking nothing (English Wari) [false]; ``take_at = n``: while sowing, a hole that a seed makes hold n seeds is emptied at once into
  the mover's captures (a relay then ends there) [0: none] (Hoyito); ``take_at_to`` = ``"mover"`` |
  ``"owner"`` (the owner of the row the hole lies in takes them) | ``"owner-but-last"`` (so too,
  but a hole the last seed makes n goes to the mover: Obridje) [mover]; ``take_at_where`` =
  ``"any"`` | ``"own"`` | ``"opponent"``: only holes of that row are taken so [any] (Wouri);
  ``take_at_lap``: with ``take_at`` and ``relay = true``, a lap during which a hole was taken
  ends the sowing, even where its last seed fell into an occupied hole (Ludii's reading of
  Rab'e, whose relay then has nothing to lift: its forced pass) [false];
  ``take_at_end``: with ``take_at`` and ``relay = true``, the holes are not taken as they are
  sown but as each lap ends: every hole the lap dropped a seed into that then holds n, the last
  hole's (which so ends the sowing) last (Gabata of Wuqro) [false];
  ``take_at_last = "relay"`` (with ``relay = true``): a hole the last seed of a lap makes n is
  not taken but lifted and sown on (Gabata of the Oromo) [take]; ``opening_hole = k``: the
  game's first sowing is from hole k, whoever's it is (the seeds a set opening gathered there,
  ``setup.counts``) [0: none];
  ``past_origin`` = ``"sow"`` | ``"origin"`` (Ludii 1.3.13's reading, as an option for its
  traces: a sowing or relay lap whose last seed falls just past the starting hole it passed
  over is judged as if it had ended in that empty hole: no relay, no capture by count, and a
  facing capture as from an empty hole) [sow];
  ``stores`` = ``"none"`` | ``"own"`` (the mover's store is part of the track, after the
  mover's row; seeds sown there are the mover's) | ``"both"`` (each store, after its owner's
  row, is part of every sowing's track; seeds sown there are its owner's; sown the other way
  round, with ``direction = "choose"``, each row is followed by the store at its other end,
  the other player's: Bay Khom) [none]; ``first_from`` = ``"inner"`` |
  ``"outer"``: on four rows, each player's first sowing of the game is from that row of his
  (the state then lists the holes sown from, ``sown``) [any], and with ``first_hole = k`` from the k-th hole of that
  row from the player's left [0: any]; ``first_right = n``: on two rows, each player's first
  sowing of the game is from one of his n rightmost holes, as he sees them (Dabuda) [0: any];
  ``first_left = n``: the same with his n leftmost holes (Gabata of Ghinda) [0: any]; with
  ``rounds.holes = "won"`` these first-move rules bind the first round only;
  ``first_of = "game"``: ``first_from`` and ``first_right`` (``first_left``) bind the game's first sowing only,
  not the other player's first ["each"];
  ``first_plain``: each player's first sowing is one lap
  (no relay) and takes nothing [false]; ``relay_hook = NAME``: with relay sowing, at the end of
  each lap a Python rule (``hooks.py``: ``fn(sim, seat, last) -> [holes]``) may name holes whose
  seeds are drawn into the last hole, the sowing then going on from it with all its seeds;
  ``None`` ends the sowing there, unrelayed [none]; ``relay_hook_sows = "drawn"``: only the seeds
  the hook names are lifted and sown on, from the hole after the last, which keeps its own (Hus:
  the captured counters are sown on) ["all"], or ``"origin"``: they are sown on from the hole
  after the one the move began from, and the move ends with them, or ``"lap-origin"``: so, from
  the hole after the one the lap began from (Mwambulula), or ``"lap-hole"``: from the hole the
  lap was lifted from, its first seed into that hole (the plain track; Nsumbi), or
  ``"taken"``: the holes named are taken by the mover (his captures), and the last hole's seeds
  alone are lifted and sown on from the hole after it (Abalala'e), or
  ``"lap-after"``: put into the hole the lap was lifted from and sown on from it, the first
  into the hole after it, the sowing going on by the rules (Pereauni), or ``"lap-after-relay"``
  (sow11): so, as one plain lap anticlockwise, and then the hole the capturing lap ended in is
  lifted and sown on, in the move's direction (Ludii's Mweso), or ``"behind"`` (four
  rows): sown on so from the mover's outer-row hole behind the last, which keeps its own
  (Ludii's Pereauni); the hook may read ``sim.hook_run``, (the hole the lap was lifted from,
  the seeds dropped so far this sowing), and keep what it likes in ``sim.hook_mem`` (None at
  each sowing's start); the hook may be an option's (a choice of hooks);
  ``moves_hook = NAME``: a Python rule (``hooks.py``: ``fn(sim, seat, moves) -> moves``) that
  keeps the sowings it allows among the player's moves (ints: hole + 256 * direction), and may
  mark one to lift only ``k`` of the hole's seeds (``move | k << 9``; without
  ``choose_count`` such a sowing relays as any other) (Intotoi's opening and its rule on where a
  sowing may end) [none];
  ``cover = n`` (with ``relay = true``): a lap whose last seed makes a hole hold n, in either
  row, covers the hole, its n seeds lifted and sown on from the hole after it; a covered hole
  stays empty for the game: its owner's sowing passes over it, and a seed the opponent's would
  drop there goes into the central hole instead, out of play (``centre`` in the state), ending
  the sowing if it is the last (Deka) [0: none]; ``cover_except``: places in a row, from its
  owner's left, never covered [none];
  ``relay_hook_ends``: the lap sowing the seeds a hook drew is the sowing's last (no relay, no
  draw after it) [false]; ``enter``: a player holding seeds in
  hand may, instead of sowing, drop them one into each of his holes in hole order, as far as
  they go, ``{"enter": "store"}`` [false]; ``relay_facing = "move-on"``: with ``relay = true``
  on two rows, a lap whose last seed falls into an empty hole of the mover's row takes the seeds
  of the hole facing it, if any, and that one seed is lifted and sown on, as a relay lap (Gabata
  of Ansaba), or ``"stop"``: takes them and the sowing ends there (Ludii's Ansaba) ["none"];
  ``store_own`` = ``"all"`` | ``"choose"``: instead of sowing, a player
  who has taken seeds may sow all of them (or as many as he chooses, one up) from his row's
  leftmost hole, the first into it, along his own row only, coming round from its right end
  to its left; nothing is taken (``{"enter": "store", "to": "1", "count": k}``; Okwe of the Igbo)
  ["none"]; ``relay_ends``: with ``relay = true``, a lap whose last seed makes a hole hold one
  of these counts (a list, or ``"even"``, ``"odd"``) ends the sowing there, for the capture
  rules to judge, instead of being lifted and sown on; ``relay_ends_where`` = ``"opponent"`` |
  ``"own"`` | ``"any"``: only a hole of that row ends it so [any] (Wouri, Yovodji) [none];
  ``opening``: on four rows, each player's first move is one of a set opening's moves, a list
  of lists of holes named ``"outer k"`` / ``"inner k"`` (the k-th hole of that row from the
  player's right, as he sees it): the first hole's seeds are lifted and dropped one into each
  of the others, in order (offered only while it holds exactly that many), taking nothing;
  the action names the hole lifted (Hus of the Nama) [none]; ``opening_copy``: the second
  player's opening must be the same move of the list as the first player's [false];
  ``arrange``: before play each player in turn, the first first, rearranges the seeds of his
  holes: one seed at a time from one of his holes to another, ``{"from": "3", "to": "7"}``, as
  long as he likes, ending with ``{"pass": true}`` (phase ``arrange``; Makonn) [false];
  ``arrange_capture = "once"``: a seed so moved into an empty hole of his inner row (four
  rows) takes the opponent's facing hole, and the outer one behind it, as ``take =
  "opposite"`` with ``both``, once a game for each player (he has taken nothing else then)
  ["none"];
  ``take_hook = NAME``: a Python rule (``hooks.py``: ``fn(sim, seat, hole) -> [(from, to),
  ...]``, the seeds of each ``from`` hole moved into ``to``) called as the turn passes to
  ``seat`` (and for the game's first mover), with ``hole = -1``, and with ``relay = "next"``
  before each next hole is lifted, with that hole: captures into the mover's own holes made
  at the start of a turn and of each lap (Kisolo); ``(from, to, n)`` moves only ``n`` seeds
  (or all there are, if fewer); the key may be an option's (a choice of hooks). For the replay
  of Ludii's runs, each move a turn's start makes from a hole facing one of the seat's is one
  step of the seat's naming that hole, in any order (the game's first mover's, before his
  first sowing) [none]; ``take_hook_relay =
  "after-taken"``: a lap's capture sends the sowing on from the hole after the one the last
  counters taken went into, not the hole it was to lift (Ludii's Kisolo) ["lifted"];
  ``store_sow = n``: on two rows with stores, sowing anticlockwise: once a game, on the turn
  a player's store holds n seeds or more, his move (his only one, ``{"sow": "s1"}``) lifts them
  all and sows them from the hole after his store, passing over both stores; then every hole
  of the opponent's holding one of ``store_sow_takes`` (a list, ``"even"``, ``"odd"``) is taken
  for him (I Pere); the state's ``sown`` lists the stores so sown [0: never];
  ``choose_count``: the mover chooses how many of the hole's seeds he sows, one up to all but
  one, the rest left in it (``{"sow": "3", "count": 2}``; a hole needs two seeds); with plain
  sowing in one direction only (Okwe of Achalla) [false];
  ``distribute``: before play the player who does not move first puts a pool of
  ``distribute_seeds`` seeds, one at a time (``{"to": "3", "piece": "seed"}``, the pool his
  hand meanwhile), into the holes this list names (hole names, either row); with
  ``distribute_rotate`` the first player then keeps the board as it is (``{"pass": true}``) or
  turns it round (``{"pass": true, "rotate": true}``: on two rows each hole's seeds change
  places with those of the hole at the same place in the other row, as its owner sees it),
  and moves first (phase ``distribute``; Mangala of the Bedouin) [none];
  ``distribute_min = n``: every hole named gets at least n seeds: once the seeds left are no
  more than the holes below n lack, only those holes are offered [0]; ``distribute_cede``
  (with ``distribute_rotate``): turning the board round cedes the first move to the player who
  put the seeds in (Li'b al-'Aqil) [false];
  ``give_one``: on two rows, a player to move whose opponent's row is empty (the opponent
  having passed, unable to move) must give him a seed: one from a hole of his own, his choice,
  into the opponent's first hole (his leftmost, as he sees it), ``{"from": "3", "to": "7"}``, as
  his whole move (Li'b al-'Aqil, as Ludii reads it) [false];
  ``open_empty = [a, b]``: on two rows of an even number of holes, each seeded alike, before play
  each player, the first first, empties a holes of one half of his row and b of the other
  (either half taking either count), ``{"leave_empty": ["1", "2", "4"]}``, a move each; their
  seeds leave the game; these two moves count among the game's first moves for
  ``constraint.no_capture_moves`` (Mangala of Suez) [none];
  ``relay_opposite`` (with ``relay = true``, two rows): a lap whose last seed falls into an
  empty hole, in either row, takes the seeds of the hole facing it, if any, and that seed is
  sown on into the next hole, the sowing going on by the rules; when the facing hole is empty
  the sowing ends, and if the move has taken seeds the opponent's next sowing must be from the
  hole after the last, if he may sow from it (``from`` in the state) (Mangala of Suez) [false];
  ``first_place = k``: on two rows (or three, with rounds the first round's only), each player's first sowing is from the k-th hole of his
  row from his left, unless it is empty [0: any];
  ``first_last_across``: with ``first_plain`` on two rows, a last seed of a player's first
  sowing that would fall into his own row goes instead into the opponent's first hole, the
  one after the mover's row along the sowing (Tapata) [false];
  ``last_own_empty``: a sowing (but a ``first_plain`` first one) whose lap would end in an
  occupied hole of the mover's own row, as the hole stands before the move, may not be made
  (Tapata) [false];
  ``leftmost_min = n``: the mover's leftmost hole (the first of his holes in hole order: his
  row's left end on two and three rows) may be sown from only when it holds n seeds or more,
  unless no other move is left him (Gabata of Aksum) [0: no bound];
  ``opening_gather = n``: on two rows, sowing one way, the game's first move (the first
  player's only move then) lifts n seeds from each of his holes (all a hole has, if fewer) and
  sows them all from the first hole after his row, the first seed into it (its own seeds stay),
  on as any sowing (relay, captures); the action names that hole (Lam Waladach) [0: none];
  ``opening_next`` (with ``relay = true``): the game's first sowing goes on, at the end of
  each lap, with the seeds of the hole after the last, while it holds any, as ``relay =
  "next"`` (Andada's opening; ``constraint.no_capture_moves = 1`` has it take nothing) [false];
  ``take_at_ends``: with ``relay = true`` and ``take_at``, a lap that has taken a hole ends
  the sowing where its last seed fell (Ludii's Lam Waladach) [false];
  ``sow_hook = NAME``: a Python rule (``hooks.py``: ``fn(sim, seat, hole, direction) -> last``)
  makes the whole sowing from ``hole`` in place of the rules above, changing ``sim.b`` itself
  and adding each relay lap's hole to ``sim.laps`` when that is a list (Ludii's steps); the
  capture rules then judge its last hole as usual; the state then lists the holes sown from,
  ``sown``, for the rule to read (Mangola, Nchuwa, Isolo) [none]; (sow19) the function may
  carry ``again(sim, seat) -> bool``, asked after each sowing: true keeps the turn with the
  mover, and ``round_start(sim, totals, starter) -> over | None``, asked as ``rounds.holes =
  "placed"`` sets out a round (``sow.place`` then needs no ``setup.hand``): an outcome ends the
  game, else it may close holes for the round (``sim.closed``) (Kiuthi); in a game without
  ``rounds``, ``closed_holes(sim) -> mask`` names the holes its rule keeps out of play (in
  ``sim.memo``), listed as the state's ``closed`` for the board to cross out and checked
  against the memory when a state is read (Fergen Gobale); (sow22) with
  ``with_mark = True`` it is called with the move's mark too, ``fn(sim, seat, hole, direction,
  k)`` (``k = move >> 9``, set by a ``moves_hook``), ``name_move(sim, move) -> dict`` names the
  player's sowings as actions, and with ``store_slots = True`` the stores ``s1``, ``s2`` hold
  the counters the rule keeps in ``sim.b[N + seat]`` (counters in play, listed in the state's
  board even when empty), not the seeds taken (Tchela's one-counter store);
  ``prelude_hook = NAME``: a Python rule (``hooks.py``: ``fn(sim, seat, what, move)``) gives
  the player's moves while it returns a list for ``what = "moves"`` (tuples ``("hook", ...)``;
  None: the ordinary moves), names one as an action (``"action"``: a dict) and plays it
  (``"play"``: it changes ``sim.b``, ``sim.sc`` itself; the turn then passes) (Nchuwa's
  opening transfers and removals, Isolo's opening; sow23: a ``"play"`` returning True keeps the
  turn with the mover, and a ``ludii_steps(sim, move, last)`` attribute of the rule gives the
  replay's run of Ludii steps for its moves, and a ``score(sim)`` attribute the count the
  finished game shows, where its seeds taken and in hand are not it: Bao Kiswahili of the DR
  Congo) [none];
  ``place``: before play the players, the first first, take turns to put the seeds of their
  hands (``setup.hand``) one at a time into their own holes, ``{"to": "3", "piece": "seed"}``
  (a player whose hand is empty is passed over), until both hands are empty (phase ``place``;
  Baqura, Mweso); a ``moves_hook`` is asked for these moves too, as ``("put", hole)`` tuples
  (Ikibuguzo's two arrays) [false];
  ``from_store``: on two rows, plain sowing, instead of sowing a hole the mover may sow k of
  the seeds he has taken (1 up to all), as from his leftmost hole (which keeps its own: the
  first into the hole after it), either way his sowings may go, the capture rules judging the
  last hole as after any sowing; ``{"sow": "s1", "count": k}`` (with ``"direction"`` where
  there is a choice) (Iyogh) [false];
  ``opening_gather_each``: with ``opening_gather``, every round's first move is so gathered,
  from the holes the round's starter holds, not only the game's first (Gabata of Wuqro) [false];
  ``opening_gather_lift``: the gathered seeds are put into that hole and all its seeds lifted
  and sown from the hole after it (Ludii's Gabata of Wuqro) [false: its own seeds stay];
  ``opening_weg`` = ``"next"``: on two rows, sowing anticlockwise, with wegs
  (``capture.claim_keeps``), each round's first move (the starter's only move then, the action
  naming his rightmost hole) is a set opening: one seed of his rightmost hole is held in hand,
  then along the track of holes in play every other hole from the next one round gives one seed
  to the hole after it (the last into his rightmost hole), and the held seed goes into the hole
  after his rightmost, which becomes his weg; nothing is taken and the turn passes; or
  ``"after-next"`` (Ludii's reading): nothing is held, the pairs begin at the second hole after
  his rightmost, and the hole between becomes his weg as it stands (Gabata of Shoa and Adegrat)
  ["none"];
  ``cw_capture = { outer = [1], inner = [2] }``: on four rows, sowing anticlockwise with a
  ``relay_hook`` that captures and ``relay_hook_sows = "lap-after"`` (or ``"behind"``): from these holes (places
  from the owner's left in his outer and inner rows) the player may also sow clockwise
  (``{"sow": "9", "direction": "cw"}``), only where that sowing's first lap ends in a capture
  (the hook names holes of the opponent's); the captured seeds are then sown on clockwise again
  where so they capture again, else anticlockwise, and the rest of the move goes anticlockwise
  (Mweso, Choro, Kubuguza) [none]; ``cw_capture_relay``: with it, an anticlockwise relay lap
  lifted from one of these holes goes clockwise where so it captures, its captured seeds as
  above (Kubuguza), or ``"once"``: so, but its captured seeds go anticlockwise (a turn not
  begun clockwise makes one clockwise capture: Choro of the Acholi, Mweiso) [false];
  ``cw_capture_first = false``: no clockwise sowing in a player's first sowing (his opening) [true];
  ``cw_capture_test = NAME``: a Python rule (``hooks.py``: ``fn(sim, seat, last) -> bool``, on the
  board as the clockwise lap would leave it) says whether a clockwise lap would capture, instead
  of the ``relay_hook`` (Ludii's readings) [none];
  ``singles = "last-resort"``: a hole with one seed may be
  sown only when no hole of the mover's holds more [allowed]; ``singles_to_empty``: a single
  seed may be sown only into an empty hole [false].
- ``capture`` (one rule a clause; the first that takes anything is the move's capture):
  ``take = "last"`` (the hole the last seed fell in, when it then holds one of ``counts``:
  a list such as ``[2, 3]``, or ``"even"``, ``"odd"``; ``where`` it must lie: ``"opponent"``,
  ``"own"``, ``"any"``; ``chain`` = ``"none"`` | ``"backward"`` (the holes sown just before
  it, against the sowing direction) | ``"forward"`` (the holes after it), each taken while it
  holds one of ``counts`` and lies where ``where`` allows, never coming round to the first
  again; ``moved`` = ``"earlier"`` (the last hole must have been sown from by an earlier move
  this round) | ``"this-move"`` (or by this very move) | ``"any"`` [any];
  ``chain_through_empty``: an empty hole does not end the chain, which passes over it to the
  next hole [false]; ``chain_over_left_empty``: the chain passes over holes left empty
  (rounds) as sowing does [false]; ``chain_stops_at_origin``: the chain ends at the hole the
  sowing started from, untaken (Ludii's backtracking capture after a lap) [false];
  ``claim_keeps = n`` (with ``claim``; three rows too): the hole claimed is a *wegue* (Gabata
  of Tigray): it keeps its seeds and those sown into it later, nobody sows from it, a lap ending
  in it ends the sowing, and a last seed falling into the opponent's takes n of its seeds when
  it holds n or more (with that seed); when the game or round ends each wegue's seeds go to its
  holder and the claims lapse [0: a tuz, below]; ``claim_last = n``: a hole claimed so that is
  the opponent's last unclaimed hole is not claimed: the mover takes n of its seeds, leaving the
  rest [0: claimed all the same]; ``claim_opposite`` (two rows): the hole across from a
  wegue so claimed, in the mover's own row, becomes his wegue too, unless it is one already
  (Leyla) [false]; ``claim_first = "spared"``: the first time a player's last seed falls into
  a given wegue of the opponent's it takes nothing (the state's ``visited`` lists each seat's
  wegues so found; they lapse with the claims) (Mewegae) ["takes"];
  ``claim_keeps_fewer = "all"``: a wegue of the opponent's
  holding fewer than n with the last seed gives up all it holds (Gabata of Shoa, Qelat), not
  nothing [nothing]; ``claim_raid_free``: with ``claim_keeps``, the first last seed to fall into
  each wegue of the opponent's in a round takes nothing (the state's ``raided`` lists those so
  raided once), every later one as ``claim_keeps`` says (Awagagae) [false]; ``claim_raid = "any"``: a last seed in the mover's own wegue takes n of
  its seeds too, as in the opponent's ["opponent"]; ``claim_raid_except = "own-leftmost"``: never
  from a wegue at the leftmost hole of the mover's row (his last seed there ends the turn) (Selus
  of Massawa) ["none"];
  ``claim``: the hole taken (the last hole, no chain, two rows) becomes the
  mover's *tuz*: every seed later sown into it goes at once to his captures, nobody sows
  from it, and no capture rule takes it; a player claims ``claim_max`` tuz a game (0: no
  limit) [1], never at a place of ``claim_except`` (places in the row from its owner's left,
  a list or one number; 0: none) and, unless ``claim_twin``, never across from (at the same
  place in the other row as) a tuz of the opponent's (Toguz Kumalak, Qelat of the Beni Amir)
  [false]) | ``take = "opposite"`` (when the last seed falls into an empty hole of the
  mover's (``where`` = ``"own"``; or of the opponent's, ``"opponent"``, or either, ``"any"``),
  the seeds of the hole facing it, whoever's, if there are at least ``min`` [1]; ``with_last``: the last seed too [false]; ``both``: on four rows, the hole
  behind the facing one too, if the facing one is taken (true), or the two whichever of them
  hold seeds, ``min`` then counting both (``"either"``), or only the hole behind, when the
  facing one is empty (``"behind"``) [false]; ``into = "any"``: the last
  hole need not have been empty [empty]; ``min = 0``: the rule is met (for ``then_take``) even
  when there is nothing to take; ``then_take``: when the rule is met, the mover then takes the
  seeds of this many more holes of the opponent's, each of his choice among those holding
  seeds, one action each, ``{"remove": "13"}`` [0]) ``first_takes``: with ``take = "last"``, a list: a player's first capture
  must take exactly the first number of seeds, his second the second..., and only then do
  ``counts`` apply (the captures made are told from the seeds he has taken; Ako Okwe) [none]; ``with_facing``:
  with ``take = "last"`` on two rows, each hole taken takes the hole facing it too, and a
  chain ends at a hole already emptied so (Baqura) [false]
  | ``take = "after"`` (the hole after the last
  seed's, when it holds one of ``counts``, a list; with ``chain = "forward"`` the holes after
  it too while each does: Adjiboto) | ``take = "beyond"`` (when the hole after the last
  seed's is empty, the seeds of the hole after that; with ``chain = "forward"``, on while the
  holes after it go on alternating empty and full, never back to the last: Dongjintian;
  ``over_stores``: the stores on the track are no holes, passed over, and a last seed in a
  store is judged from the hole after it: Bay Khom [false])
  | ``take = "sown"`` (when the last seed falls where
  ``where`` allows, or with ``or_own_last`` in the mover's last hole, his rightmost: the
  opponent's holes this sowing dropped a seed into that then hold one of ``counts``, or with
  ``scope = "last"`` the last hole only, if it holds one: Kara) | ``take = "all"`` (after the sowing, every hole
  that holds one of ``counts``, ``where`` allows [any]: Kapana Bona) | ``hook = NAME`` (a
  Python rule, see ``hooks.py``; with ``claim = true`` every hole it takes is claimed, as below). ``to`` = ``"mover"`` | ``"owner"`` (the seeds taken go to
  the owner of the row they lay in, Enindji; the same for every rule of a file) [mover].
- ``constraint``: ``grand_slam`` = ``"allowed"`` | ``"forbidden"`` (a move that would take
  every seed of the opponent's is not legal; a player left with only such moves has no move)
  | ``"captures-nothing"`` (it is played but takes nothing) [allowed]; ``feed``: when the
  opponent's holes are all empty, the mover must sow into them if any move does (where
  ``sow.min`` is more than one: when the opponent has no hole he may sow from, the mover must
  leave him one, if any move does); ``"always"``: every move must leave the opponent a hole he
  may sow from, its captures made (Ludii's reading of English Wari) [false];
  ``no_capture_moves``: the game's first N sowings take nothing (no capture rule applies, nor a
  relay hook: ``sow.relay_hook``, and no lap ends by ``sow.relay_ends``) [0].
- ``extra_turn``: ``when`` = ``"store"`` (the last seed fell into the mover's store) and/or
  ``"capture"``, or ``"raid"`` (his last seed took seeds of an opponent's wegue, ``capture.claim_keeps``:
  Qelat), or ``"raid-own"`` (his last seed took seeds of a wegue of his own, ``claim_raid =
  "any"``) and/or ``"raid-leftmost"`` (of a wegue at the leftmost hole of the opponent's row,
  whoever holds it) (Selus of Massawa): the mover moves again.
- ``end``: ``no_moves``: what happens when the player to move has no move: ``"pass"`` (the
  turn passes back; when neither can move, ``stalled`` decides) or where the seeds left on
  the board go as the game (or round) ends: ``"owner"`` (each player takes those of his own
  row), ``"nobody"``, ``"last-mover"``, ``"blocked"`` (the player who cannot move),
  ``"other"`` (the other player: with ``empty_row = "ends"``, the one whose holes are not
  empty) [owner]; ``stalled`` (same values but pass) [owner]; ``empty_row = "wins"``: a player
  whose holes are all empty after a move (his or the opponent's) has won at once, or
  ``"ends"``: the game (or round) ends at once (holes that are wegues, ``capture.claim_keeps``,
  not counting as his), the seeds left going as ``no_moves`` says
  (``stalled`` where that is ``"pass"`` or ``"loses"``) (Bosh) [none];
  ``win = "most"`` (most seeds wins,
  equal is a draw); ``target``: a player who has taken this many has won at once (0: none);
  ``repetition``: the n-th time the same position (counts, player to move, holes sown from)
  comes round since the last capture, the game (or round) ends (0: never) [0], and
  ``repetition_seeds`` says where the seeds go [owner]; ``move_limit``: after the game's n-th
  action the game (or round) ends, the seeds going as ``repetition_seeds`` says (0: never) [0]; ``holes_at_most``: after a move that
  leaves no hole holding more than this many seeds, the game (or round) ends (Awari: 1) [none],
  and ``holes_at_most_seeds`` says where the seeds left go [owner]; ``seeds_at_most``: the
  same once the board holds this many seeds or fewer in all (Dongjintian: 1) [none];
  ``ends_taken = "wins"``: on four rows, a move whose ``relay_hook`` draws (takes) both end
  holes of the opponent's inner row has won at once (Mweso, Mweiso), or ``"after-first"``: so,
  but not by the player's first sowing of the game (an opening sown by both at once) ["none"];
  ``empty_row = "loses"``: a player whose holes are all empty after a move has lost at once,
  the mover judged first (Andada); ``points = n``: the game is played in rounds, each ending
  as the other end rules say (the seeds left going as they say), the player with more seeds
  scoring the difference in points (``points`` and ``round`` in the state), the first to n
  points winning; each new round starts as the game did, its distribution (``sow.distribute``)
  too (Li'b al-'Aqil) [0: one round];
  ``outer_empty = "loses"``: on four rows, a player whose outer row is empty after a move or a
  ``sow.take_hook`` capture has lost (the first seat judged first) ["none"];
  ``no_moves = "loses"``: the player who cannot move has lost, or drawn when he has taken
  ``loses_draw`` seeds or more (0: never) [0]; ``sweep = n``: a move that captures while the board holds n seeds or fewer (before its
  captures) takes every seed left on the board too (Hoyito: 8) [0: none].
- ``rounds`` (a game of several rounds, Béchi): ``refill``: seeds a hole gets at the start
  of a round, from the seeds a player won; ``short = "choose"``: a player who cannot fill
  all his holes chooses which to leave empty (``{"leave_empty": ["2", "4"]}``) and keeps the
  rest in hand, or with ``"right"`` (``"left"``) fills them in order from his right (left) end,
  as he sees his row, the rest left empty (Main Chongkak); ``left_empty`` = ``"skip"`` (nobody sows into them) | ``"forfeit"`` (the
  owner's own sowing skips them; a seed the opponent drops there goes at once to the
  owner's captures) | ``"sow"`` (they are ordinary empty holes, sown into and from) |
  ``"until-full"`` (with ``short = "right"`` or ``"left"``: the short player's seeds left over
  go into the first hole he cannot fill; such short holes are sown into, but nobody sows from
  them nor takes them until, after a move, one holds ``refill`` seeds or more and is in play
  again; a player loses only when he has no seed left: Khrour) [skip];
  ``starts`` = ``"alternate"`` (the players take turns to start the rounds) |
  ``"after-last"`` (the player after the one whose move ended the round starts the next) |
  ``"turn-order"`` (the turn order goes on through the refill: from the player after the one
  whose move ended the round, each in turn fills one hole or passes once he has none to
  fill, until both pass in a row, and the next player in turn starts the round) [alternate];
  ``"fewer"`` | ``"more"`` (the player with fewer, or more, seeds starts; equal: the first seat);
  ``repeat``: the n-th time a round starts with the same seeds each and the same
  starter, the game ends, the player with more seeds winning (0: never) [0]; ``holes`` =
  ``"own"`` | ``"placed"`` (two rows, with ``sow.place``: every seed goes back to its player's
  hand; the player with fewer (equal: the one not starting the round) puts all of his into
  his holes one at a time as he likes (phase ``place``), then the opponent puts as many into
  each hole facing his, keeping the rest in hand; ``refill`` is not needed; a player left
  with no seed has lost: Baqura) | ``"won"`` (two rows, one direction: each player fills ``refill`` seeds a hole from
  his rightmost hole leftwards (three rows: from his row's leftmost hole along the track, the
  next round's starter first, the other on from his own leftmost hole into those left), and the player with more goes on into the opponent's row from
  its left end, the holes the opponent cannot fill; each sows from, and is the owner of, the
  holes he filled, for the round; a hole nobody fills is left empty, ``closed``, the seeds too
  few to fill a hole kept in hand: Rio Kadalis, Motiq) | ``"matched"`` (the player with fewer
  seeds fills ``refill`` a hole from his first hole in hole order, the last taking what is
  left; the other fills his holes at the same places alike, keeping the rest in hand, still
  his; a player left with no seed has lost: Rab'e, Abalala'e) [own]; ``rest = "lend"`` (with
  ``"matched"``): only full holes are filled, a remainder of less than half a hole going to the
  other player and one of half a hole or more made up by the other's seeds, filling one more
  hole; a player who so fills no hole has lost (Leyla); or ``"spread"``: full holes from his
  left (``short = "right"``: from his right), the remainder spread one seed a hole over the next
  holes, the other player matching each hole; a player with one seed or none has lost (Gabata
  of Ansaba) ["last"]; ``round_up`` (with ``"won"``): a
  player with this many seeds or more left over fills one more hole, the opponent ceding the
  seeds it lacks (more than half of ``refill``; 0: never) [0]; ``round_up_pair`` (with
  ``round_up``): where the two players' remainders together fill a hole and neither fills it
  by ``round_up``, the player with fewer seeds fills it, the other ceding the seeds it lacks
  (Um el Banat: two and two) [false]; ``halves = "weaker"`` (with
  ``"won"``): where each player has half of ``refill`` left over, the weaker (fewer seeds; equal:
  the second seat) is given the other's and fills one more hole (Mewegae), or ``"lot"``: the
  next hole the player with more holes would fill is drawn for (phase ``lot``, the chance action
  ``{"first": seat}`` naming who wins it), filled with both halves, before the round's first
  move (Gabata of Shoa and Adegrat, Wuqro)
  ["none"]. The game ends when a player
  cannot fill a single hole; the other wins. ``store = n`` (two stores, one's own holes): each
  player first puts n of his seeds into his store (his seeds taken for the round), then fills
  his holes from the rest, losing when he has fewer than n + ``refill`` (Bay Khom) [0].
  ``arrange = "equal"`` (with ``refill = 1``,
  two rows): the player with fewer seeds spreads them over his holes as equally as possible,
  the holes from his left taking the odd ones, and the opponent puts the same into the
  facing holes, keeping the rest in hand; with four seeds or fewer, one to a hole from his
  left, and the holes left empty in both rows are out of play for the round (Leyla Gobale of
  Gabradarre); claimed holes (``capture.claim``) are given up; a player with no seed left has
  lost ["fill"].

**Puhulmutu and its kin** (Sri Lanka, after Parker; each key opt-in):
``sow.direction_shared`` (with ``direction = "choose-once"``): the game's first sowing sets the
way for both players, and in a game of rounds each round's first sowing sets it anew (or, with
``rounds.short = "end"``, the holes left empty do) [false]; ``sow.skip_exact = n``: a hole
holding exactly n is passed over by every seed but the lap's last, which falls into it [0:
none], and with ``skip_exact_at = "lap-start"`` the holes passed are those that held n as the
lap began (Ludii's reading) ["now"]; ``sow.relay_take_except``: places in a row, from its
owner's left, that ``relay_take`` never takes: a lap whose last seed makes ``relay_take`` there
ends the sowing (Kotu Baendum's end holes) [none]; ``sow.singles_front`` (with
``direction_shared``, two rows): a single seed in the mover's front hole, the end of his row
his sowing goes towards, may not be sown while another hole of his holds a single [false];
``capture.beyond_after = "occupied"``: ``take = "beyond"`` only when the last seed fell into a
hole that held seeds (Walak-Pussa) ["any"]; ``rounds.short = "end"`` (two rows): a player who
cannot fill all his holes chooses an end of his row (``{"leave_empty": [...]}`` names the holes
at the other end) and fills from it as far as his seeds go, the rest kept in hand; with
``direction_shared`` the round is sown towards his holes left empty; ``rounds.rest_from =
n`` (with ``short = "end"``): from the n-th round on, his seeds left over (fewer than
``refill``) go into the next hole along his row (a puta, naga or wala: one, two or three), the
opponent lifting as many from his hole facing it into his hand; a hole so made with fewer than
three (``marked`` in the state) is sown from by nobody and never taken: a lap whose last seed
falls into it ends there [0: never].
**Papan Dakon** (opt-in): ``sow.relay_choice = "take-opposite"`` (with ``relay = true``, two
rows): when a lap's last seed falls into an occupied hole of the mover's row, the sowing stops
there (``pending`` is ``{"relay": hole}``) and the mover either sows on from it (``{"sow":
hole}``) or takes that last seed and the seeds of the hole facing it into his store (``{"from":
hole, "to": facing}``), ending the turn ["none"]; ``rounds.richer = "equal"``: between rounds
the player with more seeds puts an equal number, as many as he can, into each of his holes,
the rest kept in hand ["fill"]; ``rounds.limit = n``: the game ends after its n-th round, the
player with more seeds winning (0: no limit) [0].

**Speed.** ``SowSim`` is the play-out path: plain lists of counts, moves as small ints (hole
+ 256 * direction), next-hole tables built once per seat, direction and holes skipped, and a
sowing that cannot capture (no lap, and the last hole would not then hold a number a capture
rule takes) is never tried out to test the grand slam or feeding constraints. Notation text is
written only for ``describe``.

**Actions**: ``{"sow": "3"}`` (with ``"direction": "cw" | "ccw"`` where the player chooses,
``"count": k`` the seeds sown under ``sow.choose_count``; ``{"sow": "s1"}`` a store sown back,
``sow.store_sow``),
``{"first": seat}`` (the lot, a chance action), ``{"leave_empty": ["2", "4"]}``, ``{"remove":
"13"}`` (a hole taken by ``then_take``). A player with
no move under ``no_moves = "pass"`` passes without an action.

**State JSON** (CONTRACT.md): ``board`` lists each non-empty hole as ``[null, "seed", n]``
and each store as ``[seat, "seed", captured]``; ``scores`` (seeds taken, this round in a game
of rounds), ``hands`` (``{"seed": n}`` a player keeps aside between rounds), ``phase``
(``lot`` | ``play`` | ``leave_empty`` | ``take`` | ``arrange`` | ``over``; in ``take``, ``pending`` is
``{"take": n}``, the holes the mover has still to take), ``turn`` (actions played), ``over``; and
where the rules need them: ``history`` (positions since the last capture, for
``repetition``: ``[times, to_move, counts...]``), ``sown`` (holes sown from this round),
``tuz`` (each seat's claimed hole or null, ``capture.claim``), ``covered`` and ``centre``
(the covered holes and the central hole's seeds, ``sow.cover``), ``owned`` (each seat's
holes this round, ``rounds.holes = "won"``),
``closed`` (holes left empty this round), ``round``, ``starter`` and ``rounds`` (each round's
start: ``[seeds of seat 0, of seat 1, starter]``), ``memo`` (sow18: an int a hook keeps from
move to move in ``sim.memo``, listed where not 0: Mbelele's Ludii reading). ``variant`` repeats ``key``.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from games.engine.core import Action, InvalidOptions, InvalidState, Outcome, brief
from games.engine.rules import board as boards
from games.engine.rules.game import Game, Sim, team_values
from games.engine.rules.hooks import HOOKS
from games.engine.rules.loader import RulesFile, RulesFileError

__all__ = ["ELEMENTS", "SowGame", "SowSim", "compile"]

ELEMENTS = frozenset({"board", "setup", "sow", "capture", "constraint", "extra_turn", "end", "rounds"})

CCW, CW = 0, 1
DIR_NAMES = ("ccw", "cw")
ARROWS = ("↺", "↻")
LOT, PLAY, LEAVE, OVER = "lot", "play", "leave_empty", "over"
ARRANGE = "arrange"  # sow.arrange: the players rearrange their seeds before play
DISTRIBUTE = "distribute"  # sow.distribute: a player puts the seeds in before play
TAKE = "take"
PLACE = "place"  # sow.place: the players put the seeds of their hands into their holes
SEEDS = ("owner", "nobody", "last-mover", "blocked", "other")
#: A relay sowing that has dropped this many seeds per seed in the game stops (no source has
#: relay sowing go on for ever; this only keeps a pathological position from hanging).
RELAY_CAP = 64
#: rounds.arrange = "equal": with this many seeds or fewer, the holes left empty are out of play.
EQUAL_FEW = 4


# -- reading the elements ------------------------------------------------------------------------
class _Bad(ValueError):
    """A value a key does not accept (the message says what it should be)."""


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Bad(f"must be true or false, got {brief(v)}")
    return v


def _int(lo: int, hi: int) -> Callable[[Any], int]:
    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise _Bad(f"must be a whole number {lo} to {hi}, got {brief(v)}")
        return v
    return check


def _one_of(*values: str) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if v not in values:
            raise _Bad(f"must be one of {', '.join(repr(x) for x in values)}, got {brief(v)}")
        return v
    return check


def _direction(v: Any) -> Any:
    if isinstance(v, str):
        return _one_of("ccw", "cw", "choose", "choose-once")(v)
    if isinstance(v, dict):
        unknown = set(v) - {"left", "right", "centre"}
        if unknown or not {"left", "right"} <= set(v):
            raise _Bad('a direction by the hole\'s place is { left = ..., right = ..., centre = ... } '
                       '(centre only for an odd number of holes)')
        return {k: _one_of("ccw", "cw", "choose")(x) for k, x in v.items()}
    raise _Bad(f'must be "ccw", "cw", "choose" or {{ left = ..., right = ... }}, got {brief(v)}')


def _skip_origin(v: Any) -> Any:
    if v is True or v is False or v in ("move", "lap"):
        return v
    raise _Bad(f'must be true (or "move"), "lap" or false, got {brief(v)}')


def _both(v: Any) -> Any:
    if v is True or v is False or v in ("either", "behind"):
        return v
    raise _Bad(f'must be true, false, "either" or "behind", got {brief(v)}')


def _first_takes(v: Any) -> Any:
    if isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in v):
        return v
    raise _Bad(f"must list seed counts, one for each of a player's first captures, got {brief(v)}")


def _feed(v: Any) -> Any:
    if v is True or v is False or v == "always":
        return v
    if v == "needed":  # the same as true, for an option's choices
        return True
    raise _Bad(f'must be true (or "needed"), false or "always", got {brief(v)}')


def _first_in_origin(v: Any) -> Any:
    if v is True or v is False or v == "unless-single":
        return v
    raise _Bad(f'must be true, false or "unless-single", got {brief(v)}')


def _places(v: Any) -> Any:
    if type(v) is int and 0 <= v <= 50:
        return frozenset((v,)) if v else frozenset()
    if isinstance(v, list) and all(type(k) is int and 1 <= k <= 50 for k in v):
        return frozenset(v)
    raise _Bad(f"must list places in a row (1 = the owner's leftmost hole), got {brief(v)}")


def _cw_places(v: Any) -> Any:
    """``sow.cw_capture`` (sow11): ``{ outer = [1], inner = [2] }``, places from the owner's left."""
    if (isinstance(v, dict) and v and set(v) <= {"outer", "inner"}
            and all(isinstance(x, list) and x and all(type(k) is int and 1 <= k <= 50 for k in x) for x in v.values())):
        return {row: tuple(x) for row, x in v.items()}
    raise _Bad(f'must name places from the owner\'s left in his rows, such as {{ outer = [1], inner = [2] }}, got {brief(v)}')
def _open_empty(v: Any) -> Any:
    """sow10: ``sow.open_empty``: the holes emptied in one half of the row and in the other."""
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 25 for x in v)
            and sum(v)):
        raise _Bad(f"must list two counts of holes, one for each half of the row, got {brief(v)}")
    return tuple(v)


def _names(v: Any) -> Any:
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v) and len(set(v)) == len(v):
        return tuple(v)
    raise _Bad(f'must list holes by name, each once, such as ["3", "4", "9", "10"], got {brief(v)}')


def _stores(v: Any) -> Any:
    """``setup.stores``: one count for both stores, or a list of two, one per seat."""
    if type(v) is int and 0 <= v <= 1000:
        return v
    if isinstance(v, list) and len(v) == 2 and all(type(x) is int and 0 <= x <= 1000 for x in v):
        return list(v)
    raise _Bad(f"must be a whole number 0 to 1000, or a list of two (one per seat), got {brief(v)}")


def _relay(v: Any) -> Any:
    if v is True or v is False or v in ("next", "next-occupied"):
        return v
    raise _Bad(f'must be true, false, "next" or "next-occupied", got {brief(v)}')


def _counts(v: Any) -> Any:
    if v in ("even", "odd"):
        return v
    if isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in v):
        return sorted(set(v))
    raise _Bad(f'must be a list of seed counts such as [2, 3], or "even" or "odd", got {brief(v)}')


def _when(v: Any) -> tuple[str, ...]:
    items = [v] if isinstance(v, str) else v
    if not isinstance(items, list) or not items:
        raise _Bad('must be "store", "capture", "raid", "raid-own", "raid-leftmost" or a list of them')
    return tuple(_one_of("store", "capture", "raid", "raid-own", "raid-leftmost")(x) for x in items)


def _opening(v: Any) -> Any:
    """``sow.opening``: a list of moves, each a list of places ``"outer k"`` / ``"inner k"``."""
    bad = _Bad('must list the opening\'s moves, each a list of places such as ["outer 7", "inner 5", "inner 6"] '
               '(the hole lifted, then the holes that get one seed each)')
    if not isinstance(v, list) or not v:
        raise bad
    out = []
    for move in v:
        if not isinstance(move, list) or len(move) < 2:
            raise bad
        places = []
        for place in move:
            row, _, k = place.partition(" ") if isinstance(place, str) else ("", "", "")
            if row not in ("outer", "inner") or not k.isdigit() or not 1 <= int(k) <= 50:
                raise bad
            places.append((row, int(k)))
        out.append(tuple(places))
    return tuple(out)


def _first(v: Any) -> str:
    if not isinstance(v, str) or not v:
        raise _Bad(f'must be "lot" or a side\'s name, got {brief(v)}')
    return v


def _text(v: Any) -> str:
    if not isinstance(v, str) or not v:
        raise _Bad(f"must be a name, got {brief(v)}")
    return v


def _draw(v: Any) -> list:  # sow18: board.draw, where each hole is drawn
    if isinstance(v, list) and v and all(isinstance(p, list) and len(p) == 2 and all(
            isinstance(c, (int, float)) and not isinstance(c, bool) for c in p) for p in v):
        return v
    raise _Bad(f"must list [x, y] for each hole, in hole order, got {brief(v)}")


def _hole_names(v: Any) -> list:  # board.shared, holes drawn as nobody's
    if isinstance(v, list) and v and all(isinstance(h, str) and h for h in v):
        return v
    raise _Bad(f"must list hole names, got {brief(v)}")


SCHEMA: dict[str, dict[str, tuple[Callable[[Any], Any], Any]]] = {
    "board": {
        "shape": (_one_of("mancala"), "mancala"), "rows": (_int(2, 4), 2), "holes": (_int(2, 50), 6),
        "stores": (_int(0, 2), 0), "first_store": (_one_of("right", "left"), "right"),
        "owners": (_one_of("rows", "halves", "counters"), "rows"),  # sow17: "counters"
        "track": (_one_of("ring", "serpentine"), "ring"),  # sow12: three rows, Abalala'e
        "draw": (_draw, None),  # sow18: where each hole is drawn (Mbelele)
        "shared": (_hole_names, None),  # holes drawn and described as nobody's (Fergen Gobale)
    },
    "setup": {"seeds": (_int(0, 1000), 4), "counts": (lambda v: v, None), "first": (_first, None),
              "hand": (_int(0, 10000), 0), "stores": (_stores, 0)},
    "sow": {
        "from": (_one_of("own", "any"), "own"), "min": (_int(1, 1000), 1), "direction": (_direction, "ccw"),
        "first_direction": (_one_of("any", "ccw", "cw"), "any"),
        "skip_origin": (_skip_origin, False), "first_in_origin": (_first_in_origin, False), "skip_at": (_int(0, 100000), 0),
        "relay": (_relay, False), "relay_take": (_int(0, 1000), 0),
        "relay_ends": (_counts, None), "relay_ends_where": (_one_of("opponent", "own", "any"), "any"), "stores": (_one_of("none", "own", "both"), "none"),
        "past_origin": (_one_of("sow", "origin"), "sow"), "first_to_next": (_bool, False), "opening_each": (_bool, False), "take_at": (_int(0, 1000), 0),
        "take_at_to": (_one_of("mover", "owner", "owner-but-last"), "mover"),
        "take_at_where": (_one_of("any", "own", "opponent"), "any"),
        "take_at_last": (_one_of("take", "relay"), "take"), "opening_hole": (_int(0, 200), 0),
        "first_from": (_one_of("any", "inner", "outer"), "any"), "first_hole": (_int(0, 50), 0),
        "first_right": (_int(0, 50), 0), "first_left": (_int(0, 50), 0), "first_of": (_one_of("each", "game"), "each"),
        "first_plain": (_bool, False), "relay_hook": (_text, None),
        "relay_hook_sows": (_one_of("all", "drawn", "origin", "lap-origin", "lap-hole", "lap-after", "behind", "taken", "lap-after-relay"), "all"), "enter": (_bool, False),
        "store_own": (_one_of("none", "all", "choose"), "none"),  # sow12: Okwe of the Igbo
        "relay_hook_ends": (_bool, False), "moves_hook": (_text, None),
        "cover": (_int(0, 1000), 0), "cover_except": (_places, frozenset()),
        "take_hook": (_text, None), "take_hook_relay": (_one_of("lifted", "after-taken"), "lifted"),
        "singles": (_one_of("allowed", "last-resort"), "allowed"), "singles_to_empty": (_bool, False),
        "leftmost_min": (_int(0, 1000), 0), "take_at_lap": (_bool, False),
        "opening": (_opening, None), "opening_copy": (_bool, False),
        "arrange": (_bool, False), "arrange_capture": (_one_of("none", "once"), "none"),
        "store_sow": (_int(0, 100000), 0), "store_sow_takes": (_counts, None), "choose_count": (_bool, False),
        "distribute": (_names, None), "distribute_seeds": (_int(1, 10000), 0), "distribute_rotate": (_bool, False),
        "first_place": (_int(0, 50), 0), "first_last_across": (_bool, False), "last_own_empty": (_bool, False),
        "opening_gather": (_int(0, 1000), 0), "take_at_ends": (_bool, False),
        "cw_capture": (lambda v: _cw_places(v), None), "cw_capture_relay": (_one_of(False, True, "once"), False),  # sow11
        "cw_capture_first": (_bool, True), "cw_capture_test": (_text, None),  # sow11
        "sow_hook": (_text, None),  # sow13: the whole sowing a Python rule's (Mangola)
        "prelude_hook": (_text, None),  # sow13: moves before play a Python rule's (Nchuwa)
        "opening_next": (_bool, False),  # sow10: Andada's opening
        "distribute_min": (_int(0, 1000), 0), "distribute_cede": (_bool, False), "give_one": (_bool, False),  # sow10
        "open_empty": (_open_empty, None), "relay_opposite": (_bool, False),  # sow10: Mangala (Suez)
        "place": (_bool, False), "from_store": (_bool, False),
        "opening_weg": (_one_of("none", "next", "after-next"), "none"),  # sow7: Gabata of Shoa and Adegrat
        "opening_gather_each": (_bool, False), "take_at_end": (_bool, False),  # sow7: Gabata of Wuqro
        "opening_gather_lift": (_bool, False),  # sow7: Ludii's Gabata of Wuqro
        "relay_facing": (_one_of("none", "move-on", "stop"), "none"),  # sow7: Gabata of Ansaba
    },
    "capture": {
        "take": (_one_of("last", "opposite", "all", "beyond", "sown", "after"), "last"),
        "scope": (_one_of("sown", "last"), "sown"), "or_own_last": (_bool, False), "counts": (_counts, None),
        "to": (_one_of("mover", "owner"), "mover"),
        "first_takes": (_first_takes, None),
        "where": (_one_of("opponent", "own", "any"), None), "chain": (_one_of("none", "backward", "forward"), "none"),
        "moved": (_one_of("any", "earlier", "this-move"), "any"),
        "chain_over_left_empty": (_bool, False), "chain_through_empty": (_bool, False),
        "chain_stops_at_origin": (_bool, False),
        "min": (_int(0, 100000), 1), "with_last": (_bool, False), "then_take": (_int(0, 100), 0), "both": (_both, False),
        "into": (_one_of("empty", "any"), "empty"), "hook": (_text, None),
        "claim": (_bool, False), "claim_except": (_places, frozenset()), "claim_twin": (_bool, False),
        "claim_max": (_int(0, 100), 1), "claim_keeps": (_int(0, 1000), 0), "claim_last": (_int(0, 1000), 0),
        "claim_keeps_fewer": (_one_of("nothing", "all"), "nothing"),
        "with_facing": (_bool, False), "over_stores": (_bool, False), "claim_raid_free": (_bool, False),
        "claim_opposite": (_bool, False),  # sow7: Leyla
        "claim_first": (_one_of("takes", "spared"), "takes"),  # sow7: Mewegae
        "claim_raid": (_one_of("opponent", "any"), "opponent"),  # sow12: Selus (Massawa)
        "claim_raid_except": (_one_of("none", "own-leftmost"), "none"),
    },
    "constraint": {
        "grand_slam": (_one_of("allowed", "forbidden", "captures-nothing"), "allowed"), "feed": (_feed, False),
        "no_capture_moves": (_int(0, 1000), 0),
    },
    "extra_turn": {"when": (_when, ())},
    "end": {
        "no_moves": (_one_of("pass", "loses", *SEEDS), "owner"), "stalled": (_one_of(*SEEDS), "owner"),
        "win": (_one_of("most"), "most"), "empty_row": (_one_of("none", "wins", "ends", "loses"), "none"),
        "target": (_int(0, 100000), 0), "repetition": (_int(0, 1000), 0),
        "points": (_int(0, 100000), 0),  # sow10: rounds played to a points target (Li'b al-'Aqil)
        "repetition_seeds": (_one_of(*SEEDS), "owner"), "move_limit": (_int(0, 1_000_000), 0),
        "holes_at_most": (_int(0, 1000), None), "holes_at_most_seeds": (_one_of(*SEEDS), "owner"),
        "seeds_at_most": (_int(0, 1000), None), "sweep": (_int(0, 100000), 0),
        "loses_draw": (_int(0, 100000), 0), "outer_empty": (_one_of("none", "loses"), "none"),
        "ends_taken": (_one_of("none", "wins", "after-first"), "none"),  # sow11
    },
    "rounds": {
        "refill": (_int(1, 1000), None), "short": (_one_of("choose", "right", "left", "end"), "choose"),
        "left_empty": (_one_of("skip", "forfeit", "sow", "until-full"), "skip"),
        "starts": (_one_of("alternate", "turn-order", "after-last", "fewer", "more"), "alternate"),
        "repeat": (_int(0, 1000), 0),
        "holes": (_one_of("own", "won", "matched", "placed"), "own"), "round_up": (_int(0, 1000), 0),
        "arrange": (_one_of("fill", "equal"), "fill"), "store": (_int(0, 1000), 0),
        "round_up_pair": (_bool, False),  # sow10: Um el Banat
        "rest": (_one_of("last", "lend", "spread"), "last"),  # sow7: Leyla, Gabata of Ansaba
        "halves": (_one_of("none", "weaker", "lot"), "none"),  # sow7: Mewegae, Gabata of Shoa and Adegrat
    },
}

# Puhulmutu and its Sri Lankan kin (sow8): opt-in keys, each off by default.
SCHEMA["sow"].update({
    "direction_shared": (_bool, False), "skip_exact": (_int(0, 1000), 0),
    "relay_take_except": (_places, frozenset()), "singles_front": (_bool, False),
    "skip_exact_at": (_one_of("now", "lap-start"), "now"),
})
SCHEMA["capture"]["beyond_after"] = (_one_of("any", "occupied"), "any")
# Papan Dakon (sow8): a relay lap in one's own row may instead take the facing hole; the richer
# player's holes filled equally between rounds.
SCHEMA["sow"]["relay_choice"] = (_one_of("none", "take-opposite"), "none")
SCHEMA["rounds"]["richer"] = (_one_of("fill", "equal"), "fill")
SCHEMA["rounds"]["limit"] = (_int(0, 100000), 0)
# Puhulmutu's puta, naga and wala holes (sow8): from the n-th round, the short row's remainder.
SCHEMA["rounds"]["rest_from"] = (_int(0, 1000), 0)


class _Opt:
    """A key whose value is an option's."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class _Table:
    """One element's keys, merged over the clauses that state them: key -> value (or _Opt)."""

    def __init__(self, game: SowGame, name: str) -> None:
        self.game, self.name = game, name
        self.values: dict[str, Any] = {}
        self.paths: dict[str, tuple] = {}
        self.gates: dict[str, str] = {}  # key -> the true-or-false option its clause is read under

    def add(self, table: Any, path: tuple, gate: str | None = None) -> None:
        rf = self.game.rf
        if not isinstance(table, dict):
            raise rf.error(path, f"must be a table of keys ({', '.join(SCHEMA[self.name])})")
        for key, value in table.items():
            where = path + (key,)
            if key not in SCHEMA[self.name]:
                raise rf.error(where, f"unknown key (a {self.name} element knows {', '.join(SCHEMA[self.name])})")
            if key in self.values:
                raise rf.error(where, f"is stated twice (already at {rf.where(self.paths[key])})")
            check = SCHEMA[self.name][key][0]
            if isinstance(value, dict) and set(value) == {"option"}:
                self.values[key] = self.game.option_value(value["option"], check, where)
            else:
                try:
                    self.values[key] = check(value)
                except _Bad as exc:
                    raise rf.error(where, str(exc)) from None
            self.paths[key] = where
            if gate:
                self.gates[key] = gate

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def get(self, key: str, options: Mapping[str, Any] | None = None) -> Any:
        """The key's value (the option's under ``options``), or its default."""
        if key not in self.values or not self.on(key, options):
            return SCHEMA[self.name][key][1]
        value = self.values[key]
        if isinstance(value, _Opt):
            if options is None:
                return SCHEMA[self.name][key][0](self.game.option_specs[value.name].default)
            try:
                return SCHEMA[self.name][key][0](options[value.name])
            except _Bad as exc:
                raise InvalidOptions(f"option {value.name!r}: {exc}") from None
        return value

    def on(self, key: str, options: Mapping[str, Any] | None) -> bool:
        """Whether the clause stating ``key`` is in force: always, or while its true-or-false
        option is on (a clause governed by such an option states its elements only then)."""
        gate = self.gates.get(key)
        if gate is None:
            return True
        return bool(options[gate] if options is not None else self.game.option_specs[gate].default)

    def static(self, key: str) -> Any:
        """The key's value, which may not be an option's (board geometry and the like)."""
        if isinstance(self.values.get(key), _Opt):
            raise self.game.rf.error(self.paths[key], "cannot be an option")
        return self.get(key)


# -- the compiled game -----------------------------------------------------------------------------
class Rules:
    """A file's rules with its options chosen: plain attributes the play-out loop reads."""

    __slots__ = (
        "first_rows", "first_plain", "moves_hook", "cover", "cover_except", "relay_hook", "relay_hook_drawn", "relay_hook_at", "relay_hook_origin", "relay_hook_ends", "take_hook", "take_hook_after", "outer_empty", "singles_last", "singles_to_empty", "choose_once", "first_dir",
        "min", "dirs", "skip_origin", "skip_lap", "first_in_origin", "skip_at", "relay", "relay_take", "relay_ends", "relay_ends_where", "stores", "captures",
        "grand_slam", "feed", "no_capture_moves", "extra_store", "extra_capture", "no_moves", "stalled", "empty_row_wins", "empty_row_ends", "target",
        "repetition", "repetition_seeds", "move_limit", "holes_at_most", "holes_at_most_seeds", "seeds_at_most", "take_at", "take_at_to", "take_at_where", "sweep", "first", "rounds", "refill", "left_empty", "repeat", "starts", "short",
        "uses_moved", "simple", "check_moves", "arrows", "quick", "quick_where", "first_to_next", "opening_each", "loses_draw", "origin_quirk", "to_owner",
        "claims", "won", "round_up", "one_dir", "first_game", "opening", "opening_copy", "relay_hook_from", "enter", "arrange", "arrange_capture",
        "claims", "won", "round_up", "one_dir", "first_game", "store_sow", "store_sow_takes", "choose_count",
        "dist", "dist_seeds", "dist_rotate", "first_soft", "first_last_across", "last_own_empty",
        "keeps", "claim_last", "leftmost_min", "matched", "take_at_lap",
        "gather", "take_at_ends", "equal",
        "keeps_fewer", "extra_raid", "take_at_relay", "opening_hole",
        "cw_capture", "cw_relay", "cw_first", "cw_test", "ends_taken",  # sow11: clockwise captures, the end holes taken
        "sow_hook", "prelude_hook",
        "dir_shared", "skip_exact", "take_except", "singles_front", "short_end", "skip_exact_start",
        "relay_choice", "richer_equal", "round_limit", "rest_from",
        "round_up_pair", "opening_next", "empty_row_loses", "dist_min", "dist_cede", "give_one", "points",  # sow10
        "open_empty", "relay_opposite",  # sow10
        "place", "placed", "with_facing", "round_store", "over_stores", "from_store", "raid_free",
        "opening_weg", "gather_each", "take_at_end", "gather_lift", "claim_opposite", "rest", "relay_facing", "claim_first", "halves", "halves_lot",
        "raid_any", "raid_not_left", "extra_raid_own", "extra_raid_left",  # sow12: Selus (Massawa)
        "relay_hook_taken",  # sow12: Abalala'e
        "store_own",  # sow12: Okwe of the Igbo
    )


class SowGame(Game):
    """A sowing rules file, compiled: the board, the tracks, and the rules per option set."""

    def __init__(self, rf: RulesFile) -> None:
        super().__init__(rf)
        if rf.players != 2:
            raise rf.error(("players",), "the sowing mechanic plays two players so far")
        self.tables: dict[str, _Table] = {name: _Table(self, name) for name in SCHEMA if name != "capture"}
        self.capture_tables: list[_Table] = []
        boards_seen = []
        gates = {c.id: c.option for c in rf.clauses
                 if c.option and isinstance(rf.options.get(c.option, {}).get("default"), bool)}
        for el in rf.elements:
            gate = gates.get(el.clause)
            if gate and el.name in ("board", "setup"):
                raise rf.error(el.path, f"the board and the setup cannot depend on the option {gate!r}")
            if el.name == "capture":
                t = _Table(self, "capture")
                t.add(el.value, el.path, gate)
                self.capture_tables.append(t)
            else:
                if el.name == "board":
                    boards_seen.append(el)
                self.tables[el.name].add(el.value, el.path, gate)
        if len(boards_seen) != 1:
            raise rf.error(("clause",), f"exactly one clause must carry the board ({len(boards_seen)} do)")
        self.board_path = boards_seen[0].path
        for key in ("relay_hook", "take_hook", "moves_hook", "sow_hook", "prelude_hook"):
            if key in self.tables["sow"]:
                value = self.tables["sow"].values[key]  # take_hook: an option's may choose among hooks
                names = ([self.tables["sow"].static(key)] if not isinstance(value, _Opt)
                         else list(self.option_specs[value.name].choices or [self.option_specs[value.name].default]))
                for name in names:
                    if name not in HOOKS:
                        raise rf.error(self.tables["sow"].paths[key], f"no hook {name!r} (known: {', '.join(sorted(HOOKS)) or 'none'})")
                    rf.hooks.append(name)
        for t in self.capture_tables:
            if "hook" in t:
                t.static("hook")  # a name, never an option's
                name = t.values["hook"]  # the clause's, even where an option governs it
                if name not in HOOKS:
                    raise rf.error(t.paths["hook"], f"no hook {name!r} (known: {', '.join(sorted(HOOKS)) or 'none'})")
                rf.hooks.append(name)
        self._build_board()
        self.total = self.total_seeds() + self._distribute_max()
        self._cache: dict[tuple, Rules] = {}
        self.rules_for(None)  # every default compiles; option values were checked as read
        for name, spec in self.option_specs.items():  # and every choice of every option
            for value in spec.choices or ():
                try:
                    self.rules_for({**{n: s.default for n, s in self.option_specs.items()}, name: value})
                except (InvalidOptions, RulesFileError) as exc:
                    raise rf.error(("options", name, "choices"), f"{value!r} does not compile: {exc}") from None

    def _distribute_max(self) -> int:
        """``sow.distribute_seeds``: the most seeds any option's value puts in (0: none)."""
        t = self.tables["sow"]
        value = t.values.get("distribute_seeds")
        if isinstance(value, _Opt):
            spec = self.option_specs[value.name]
            return max(int(v) for v in [spec.default, *(spec.choices or ()), *(x for x in (spec.maximum,) if x is not None)])
        return int(value or 0)

    # -- options inside elements ------------------------------------------------------------
    def option_value(self, name: Any, check: Callable[[Any], Any], where: tuple) -> _Opt:
        rf = self.rf
        if not isinstance(name, str) or name not in self.option_specs:
            raise rf.error(where, f"names no option {brief(name)} (the options: {', '.join(self.option_specs) or 'none'})")
        spec = self.option_specs[name]
        values = list(spec.choices or ()) or [spec.default]
        values += [v for v in (spec.minimum, spec.maximum) if v is not None]
        for v in values:
            try:
                check(v)
            except _Bad as exc:
                raise rf.error(where, f"option {name!r} allows {v!r}, which this key refuses: {exc}") from None
        return _Opt(name)

    # -- the board ---------------------------------------------------------------------------
    def _build_board(self) -> None:
        rf, t = self.rf, self.tables["board"]
        spec = {k: t.static(k) for k in ("rows", "holes", "stores", "first_store")}
        self.store_left = spec["first_store"] == "left"
        if spec["rows"] == 3 and spec["holes"] % 2:
            raise rf.error(t.paths.get("holes", self.board_path), "three rows split the central row in halves: an even number of holes")
        if spec["stores"] == 1:
            raise rf.error(t.paths.get("stores", self.board_path), "must be 0 or 2 (one store for each player)")
        try:
            self.board = boards.mancala(spec)
        except boards.BoardSpecError as exc:
            raise rf.error(self.board_path, str(exc)) from None
        b = self.board
        draw = t.static("draw")  # sow18: board.draw, where the holes are drawn (played as the rows')
        if draw is not None:
            if len(draw) != len(b.names):
                raise rf.error(t.paths["draw"], f"must list {len(b.names)} points, one for each hole and store, got {len(draw)}")
            b.draw = [(float(x), float(y)) for x, y in draw]
        shared = t.static("shared") or []  # board.shared: holes the board shows as nobody's
        unknown = [h for h in shared if h not in b.names[:spec["rows"] * spec["holes"]]]
        if unknown:
            raise rf.error(t.paths["shared"], f"{', '.join(unknown)} is not a hole of this board")
        self.shared = {b.index[h] for h in shared}
        self.rows, self.per_row, self.n_stores = spec["rows"], spec["holes"], spec["stores"]
        n = self.per_row
        self.N = N = self.rows * n
        self.names = b.names[:N]
        self.index = {name: i for i, name in enumerate(self.names)}
        half = N // 2  # each seat's holes: seat 0 the first half of the numbers, seat 1 the rest
        self.owner = [0] * half + [1] * half + [0, 1]  # holes, then the two store slots
        self.holes_of = (list(range(half)), list(range(half, N)))
        self.own_mask = (_mask(self.holes_of[0]), _mask(self.holes_of[1]))
        self.store_names = ("s1", "s2")
        # The plain track per seat and direction: 2 (or 3) rows, one ring; 4 rows, each seat's own.
        plain: list[list[list[int]]] = []
        for seat in (0, 1):
            ring = list(range(N)) if self.rows != 4 else self.holes_of[seat]
            per_dir = []
            for step in (1, -1):
                table = list(range(N + 2))
                for k, p in enumerate(ring):
                    table[p] = ring[(k + step) % len(ring)]
                per_dir.append(table)
            plain.append(per_dir)
        if t.static("track") == "serpentine":  # sow12: board.track, each seat's own path (Abalala'e)
            if self.rows != 3:
                raise rf.error(t.paths["track"], 'track = "serpentine" is played on three rows')
            plain = self._serpentine(b)
        self.plain = plain
        # ahead[seat][d][h]: the holes 1, 2, ... steps on from h along the plain track (one lap).
        self.lap = len(self.holes_of[0]) * (1 if self.rows == 4 else 2)
        self.ahead = [[[self._walk(plain[seat][d], h) for h in range(N)] for d in (CCW, CW)] for seat in (0, 1)]
        # Facing holes (for ``take = "opposite"``): the hole in the next row towards the
        # opponent at the same column; ``behind`` the one beyond it (four rows).
        at = {(int(x), int(y)): i for i, (x, y) in enumerate(b.xy[:N])}
        self.row_of = [int(y) for _, y in b.xy[:N]]
        self.col_of = [int(x) for x, _ in b.xy[:N]]
        inner = (0, 1) if self.rows == 2 else (1, 2)
        self.facing = [-1] * N
        self.behind = [-1] * N
        for i in range(N if self.rows != 3 else 0):  # three rows: no facing hole (none is said)
            r, c = self.row_of[i], self.col_of[i]
            if r == inner[0]:
                self.facing[i] = at[(c, inner[1])]
                if self.rows == 4:
                    self.behind[i] = at[(c, 3)]
            elif r == inner[1]:
                self.facing[i] = at[(c, inner[0])]
                if self.rows == 4:
                    self.behind[i] = at[(c, 0)]
        self._next_cache: dict[tuple, list[int]] = {}
        self.nobody = 0  # a mask of the holes nobody owns (board.owners = "halves": the centre)
        if t.static("owners") == "halves":  # board.owners: each seat the holes of its half of the columns
            if self.rows != 2 or self.n_stores:
                raise rf.error(t.paths.get("owners", self.board_path), 'owners = "halves" is played on two rows without stores')
            mid = (n - 1) / 2  # the central column (n odd), nobody's to sow from
            left = [i for i in range(N) if self.col_of[i] < mid]
            right = [i for i in range(N) if self.col_of[i] > mid]
            self.holes_of = (left, right)
            self.own_mask = (_mask(left), _mask(right))
            self.owner = [0 if self.col_of[i] < mid or (self.col_of[i] == mid and self.row_of[i] == 0) else 1
                          for i in range(N)] + [0, 1]
            self.nobody = _mask([i for i in range(N) if self.col_of[i] == mid])
        self.counters = t.static("owners") == "counters"  # sow17: board.owners, by whose counters lie there
        if self.counters and (self.rows != 2 or self.n_stores):
            raise rf.error(t.paths.get("owners", self.board_path), 'owners = "counters" is played on two rows without stores')

    def _serpentine(self, b: Any) -> list[list[list[int]]]:
        """``board.track = "serpentine"`` (three rows): each seat sows along all three rows in
        turn, as he sees them: his row left to right, the whole central row right to left, the
        far row left to right, and back into his row; the hole numbers stay the ring's."""
        n, N = self.per_row, self.N
        at = {(int(x), int(y)): i for i, (x, y) in enumerate(b.xy[:N])}
        south = [at[(c, 0)] for c in range(n)] + [at[(c, 1)] for c in range(n - 1, -1, -1)] + [at[(c, 2)] for c in range(n)]
        north = [at[(c, 2)] for c in range(n - 1, -1, -1)] + [at[(c, 1)] for c in range(n)] + [at[(c, 0)] for c in range(n - 1, -1, -1)]
        plain = []
        for ring in (south, north):
            per_dir = []
            for step in (1, -1):
                table = list(range(N + 2))
                for k, p in enumerate(ring):
                    table[p] = ring[(k + step) % N]
                per_dir.append(table)
            plain.append(per_dir)
        return plain

    def _walk(self, table: list[int], h: int) -> list[int]:
        out, p = [], h
        for _ in range(self.lap - 1):
            p = table[p]
            out.append(p)
        return out

    def track(self, seat: int, d: int, stores: bool, skip: int) -> list[int]:
        """The next position for every position when ``seat`` sows in direction ``d``: the
        plain track, with the seat's store after its row (``stores`` 1; 2: each seat's store
        after its own row) and the holes of the bit mask ``skip`` passed over."""
        key = (seat, d, stores, skip)
        table = self._next_cache.get(key)
        if table is None:
            table = list(self.plain[seat][d])
            for who in ((seat, 1 - seat) if stores == 2 else (seat,) if stores else ()):
                holes = self.holes_of[who]  # sow.stores: each store after its owner's row
                last = holes[-1] if d == CCW else holes[0]
                store = self.N + who
                if stores == 2 and d != (CW if self.store_left else CCW):  # "both", sown the other
                    store = self.N + 1 - who  # way round: the store at the row's other end
                table[store] = table[last]
                table[last] = store
            size = len(table)
            for p in range(size):
                q = table[p]
                for _ in range(size):
                    if q < self.N and skip >> q & 1:
                        q = table[q]
                    else:
                        break
                table[p] = q
            self._next_cache[key] = table
        return table

    # -- the rules under a set of options -----------------------------------------------------
    def rules_for(self, options: Mapping[str, Any] | None) -> Rules:
        key = tuple(sorted(options.items())) if options else ()
        r = self._cache.get(key)
        if r is not None:
            return r
        rf, T = self.rf, self.tables
        o = options
        r = Rules()
        sow, cons, end, rounds = T["sow"], T["constraint"], T["end"], T["rounds"]
        r.min = sow.get("min", o)
        skip = sow.get("skip_origin", o)
        r.skip_origin, r.skip_lap = bool(skip), skip == "lap"
        r.first_in_origin = sow.get("first_in_origin", o)
        r.skip_at = sow.get("skip_at", o)
        r.relay = sow.get("relay", o)
        r.relay_take = sow.get("relay_take", o) if r.relay else 0
        r.relay_ends = sow.get("relay_ends", o) if r.relay is True else None
        r.relay_ends_where = sow.get("relay_ends_where", o)
        r.origin_quirk = sow.get("past_origin", o) == "origin"
        first_from = sow.get("first_from", o)
        r.first_rows = None
        if first_from != "any":
            if self.rows != 4:
                raise rf.error(sow.paths["first_from"], "a first move from the inner or outer row needs four rows")
            # rows from the bottom: South's outer 0, inner 1; North's inner 2, outer 3
            rows = (1, 2) if first_from == "inner" else (0, 3)
            k = sow.get("first_hole", o)
            if k > self.per_row:
                raise rf.error(sow.paths["first_hole"], f"the rows have {self.per_row} holes")
            # the k-th hole from the player's left: South's left is column 0, North's the last
            cols = (k - 1, self.per_row - k) if k else (None, None)
            r.first_rows = tuple(frozenset(i for i in self.holes_of[s] if self.row_of[i] == rows[s]
                                           and cols[s] in (None, self.col_of[i])) for s in (0, 1))
        first_right = sow.get("first_right", o)
        if first_right:  # sow.first_right: the first sowing from one of the n rightmost holes
            if self.rows != 2 or r.first_rows is not None or first_right > self.per_row:
                raise rf.error(sow.paths["first_right"], f"needs two rows (of at least {first_right} holes) and no first_from")
            r.first_rows = tuple(frozenset(self.holes_of[s][-first_right:]) for s in (0, 1))
        first_left = sow.get("first_left", o)
        if first_left:  # sow.first_left: the first sowing from one of the n leftmost holes
            if self.rows != 2 or r.first_rows is not None or first_left > self.per_row:
                raise rf.error(sow.paths["first_left"], f"needs two rows (of at least {first_left} holes), no first_from nor first_right")
            r.first_rows = tuple(frozenset(self.holes_of[s][:first_left]) for s in (0, 1))
        first_place = sow.get("first_place", o)
        r.first_soft = bool(first_place)
        if first_place:  # sow.first_place: the first sowing from the k-th hole, unless it is empty
            if self.rows == 4 or r.first_rows is not None or first_place > self.per_row:  # sow12: three rows too
                raise rf.error(sow.paths["first_place"], f"needs two or three rows (of at least {first_place} holes), no first_from, first_right nor first_left")
            r.first_rows = tuple(frozenset((self.holes_of[s][first_place - 1],)) for s in (0, 1))
        r.first_game = sow.get("first_of", o) == "game"  # sow.first_of: the game's first sowing only
        r.singles_last = sow.get("singles", o) == "last-resort"
        r.first_plain = sow.get("first_plain", o)
        r.first_last_across = sow.get("first_last_across", o)  # Tapata's first sowing
        if r.first_last_across and (not r.first_plain or self.rows != 2):
            raise rf.error(sow.paths["first_last_across"], "goes with first_plain, on two rows")
        r.last_own_empty = sow.get("last_own_empty", o)  # Tapata: no lap ending in an occupied own hole
        r.first_to_next = sow.get("first_to_next", o)
        r.opening_each = sow.get("opening_each", o)
        r.opening = self._opening_holes(sow.get("opening", o), sow.paths.get("opening"))
        r.opening_copy = sow.get("opening_copy", o)
        r.take_at_ends = sow.get("take_at_ends", o)  # sow.take_at_ends: a lap that took ends the sowing
        r.gather = sow.get("opening_gather", o)  # sow.opening_gather: the game's first move (Lam Waladach)
        r.opening_next = sow.get("opening_next", o)  # sow10: sow.opening_next (Andada)
        if r.opening_next and (not sow.get("relay", o) or sow.get("relay", o) == "next"):
            raise rf.error(sow.paths["opening_next"], "an opening sown on from the next hole goes with relay = true")
        r.gather_each = sow.get("opening_gather_each", o)  # sow.opening_gather_each: each round's (Wuqro)
        r.gather_lift = sow.get("opening_gather_lift", o)  # sow.opening_gather_lift: Ludii's Wuqro
        if (r.gather_each or r.gather_lift) and not r.gather:
            raise rf.error(sow.paths.get("opening_gather_each", sow.paths.get("opening_gather_lift")), "goes with opening_gather = n")
        if r.gather and (self.rows != 2 or sow.get("direction", o) not in ("ccw", "cw") or sow.get("stores", o) != "none"
                         or r.opening is not None or r.first_to_next or r.first_plain):
            raise rf.error(sow.paths["opening_gather"], "a gathered opening needs two rows, one direction of sowing "
                           "(ccw or cw), no stores on the track and no other set first move")
        relay_hook = sow.get("relay_hook", o)
        r.relay_hook = HOOKS[relay_hook] if relay_hook and r.relay else None
        r.cover = sow.get("cover", o)  # sow.cover: a last seed making this many covers the hole
        if r.cover and not r.relay:
            raise rf.error(sow.paths["cover"], "covers holes only with relay sowing (relay = true)")
        r.cover_except = frozenset(i for i in range(self.N) if (i % self.per_row) + 1 in sow.get("cover_except", o)) if r.cover else frozenset()
        moves_hook = sow.get("moves_hook", o)
        r.moves_hook = HOOKS[moves_hook] if moves_hook else None
        r.relay_hook_taken = sow.get("relay_hook_sows", o) == "taken"  # sow12: Abalala'e
        r.relay_hook_drawn = sow.get("relay_hook_sows", o) not in ("all", "taken")
        sow_hook = sow.get("sow_hook", o)  # sow.sow_hook: a Python rule sows (sow13)
        r.sow_hook = HOOKS[sow_hook] if sow_hook else None
        prelude_hook = sow.get("prelude_hook", o)  # sow.prelude_hook: moves before play (sow13)
        r.prelude_hook = HOOKS[prelude_hook] if prelude_hook else None
        r.relay_hook_from = {"origin": 1, "lap-origin": 2}.get(sow.get("relay_hook_sows", o))  # else None
        r.enter = sow.get("enter", o)
        r.store_own = ("none", "all", "choose").index(sow.get("store_own", o))  # sow12: sow.store_own
        r.arrange = sow.get("arrange", o)
        r.arrange_capture = sow.get("arrange_capture", o) == "once"
        if r.enter and not T["setup"].static("hand"):
            raise rf.error(sow.paths["enter"], "seeds are entered from the hand: setup.hand gives each player some")
        r.relay_hook_origin = sow.get("relay_hook_sows", o) == "lap-hole"  # from the lap's own hole
        # "lap-after": from the lap's hole, the first into the one after it; "behind": from the
        # mover's outer-row hole behind the last (four rows), the first into the one after it
        r.relay_hook_at = {"lap-after": 1, "behind": 2, "lap-after-relay": 3}.get(sow.get("relay_hook_sows", o), 0)
        if r.relay_hook_at == 2 and self.rows != 4:
            raise rf.error(sow.paths["relay_hook_sows"], '"behind" needs four rows (board.rows = 4)')
        r.relay_hook_ends = sow.get("relay_hook_ends", o)
        take_hook = sow.get("take_hook", o)
        r.take_hook = HOOKS[take_hook] if take_hook else None
        r.take_hook_after = sow.get("take_hook_relay", o) == "after-taken"
        r.outer_empty = end.get("outer_empty", o) == "loses"
        if r.outer_empty and self.rows != 4:
            raise rf.error(end.paths["outer_empty"], "an outer row needs four rows")
        r.singles_to_empty = sow.get("singles_to_empty", o)
        # sow.store_sow: once a game, a store holding this many is sown back (I Pere)
        r.store_sow = sow.get("store_sow", o)
        takes = sow.get("store_sow_takes", o)
        r.store_sow_takes = frozenset() if takes is None else (
            frozenset(range(0, self.total + 1, 2)) if takes == "even"
            else frozenset(range(1, self.total + 1, 2)) if takes == "odd" else frozenset(takes))
        if r.store_sow and (not self.n_stores or self.rows != 2 or sow.get("direction", o) != "ccw"):
            raise rf.error(sow.paths["store_sow"], "sowing a store back needs two rows, the board's stores and anticlockwise sowing")
        r.stores = {"none": 0, "own": 1, "both": 2}[sow.get("stores", o)]
        if r.stores and not self.n_stores:
            raise rf.error(sow.paths["stores"], "the board has no stores (board.stores = 2)")
        direction = sow.get("direction", o)
        n = self.per_row
        # dirs[seat]: (hole, direction) pairs a seat may sow, in hole order.
        holes = self.holes_of if sow.get("from", o) == "own" else (list(range(self.N)),) * 2
        r.dirs = []
        for seat in (0, 1):
            pairs = []
            for h in holes[seat]:
                if isinstance(direction, dict):
                    if self.rows != 2:
                        raise rf.error(sow.paths["direction"], "a direction by the hole's place needs two rows")
                    k = h - seat * n  # from the mover's left
                    place = "left" if 2 * k + 1 < n else ("right" if 2 * k + 1 > n else "centre")
                    if place not in direction:
                        raise rf.error(sow.paths["direction"], f"says nothing of the {place} hole")
                    way = direction[place]
                else:
                    way = direction
                for d in ((CCW, CW) if way in ("choose", "choose-once") else (DIR_NAMES.index(way),)):
                    pairs.append((h, d))
            r.dirs.append(pairs)
        r.choose_once = direction == "choose-once"
        first_way = sow.get("first_direction", o)
        r.first_dir = None if first_way == "any" else DIR_NAMES.index(first_way)
        if r.stores == 1 and {d for pairs in r.dirs for _, d in pairs} != {CW if self.store_left else CCW}:
            raise rf.error(sow.paths["stores"], "sowing through one's own store goes anticlockwise, each player's store on his right, "
                           "or clockwise with board.first_store = \"left\" (each store on its player's left)")
        live = [t for t in self.capture_tables if all(t.on(k, o) for k in t.values)]
        r.captures = [self._capture_rule(t, o) for t in live]
        tos = {t.get("to", o) for t in live}
        if len(tos) > 1:
            raise rf.error(next(t.paths["to"] for t in live if "to" in t), "every capture rule of a file gives the seeds to the same player")
        r.to_owner = tos == {"owner"}
        # capture.claim_raid_free: the first raid on each wegue takes nothing
        r.raid_free = any(t.get("claim_raid_free", o) for t in live)
        if r.raid_free and not any(t.get("claim_keeps", o) for t in live):
            raise rf.error(next(t.paths["claim_raid_free"] for t in live if "claim_raid_free" in t), "needs claim_keeps")
        # capture.over_stores: a take = "beyond" rule passes over the stores on the track
        r.over_stores = any(t.get("over_stores", o) for t in live)
        if r.over_stores and any(t.get("take", o) != "beyond" or "hook" in t for t in live):
            raise rf.error(next(t.paths["over_stores"] for t in live if "over_stores" in t),
                           "passing over the stores goes with take = \"beyond\" rules only")
        # capture.with_facing: a take = "last" rule's holes each take their facing hole too
        r.with_facing = any(t.get("with_facing", o) for t in live)
        if r.with_facing and (self.rows != 2 or any(t.get("take", o) != "last" or "hook" in t for t in live
                                                    if t.get("with_facing", o))):
            raise rf.error(next(t.paths["with_facing"] for t in live if "with_facing" in t),
                           "the facing hole is taken with the last hole's (take = \"last\"), on two rows")
        r.claims = any((c[0] == "last" and c[8] is not None) or (c[0] == "hook" and c[2]) for c in r.captures)
        kept = [c[8][3:] for c in r.captures if c[0] == "last" and c[8] is not None and c[8][3]]
        r.keeps, r.claim_last, r.keeps_fewer = kept[0] if kept else (0, 0, False)  # capture.claim_keeps (a wegue), claim_last
        r.claim_opposite = any(t.get("claim_opposite", o) for t in live)  # capture.claim_opposite (Leyla)
        r.claim_first = any(t.get("claim_first", o) == "spared" for t in live)  # capture.claim_first (Mewegae)
        if r.claim_first and not r.keeps:
            raise rf.error(next(t.paths["claim_first"] for t in live if "claim_first" in t.values),
                           "claim_first goes with claim_keeps")
        if r.claim_opposite and (not r.keeps or self.rows != 2):
            raise rf.error(next(t.paths["claim_opposite"] for t in live if "claim_opposite" in t.values),
                           "claim_opposite goes with claim_keeps, on two rows")
        if kept and any(c[0] == "hook" and c[2] for c in r.captures):
            raise rf.error(("clause",), "claimed holes that keep their seeds (claim_keeps) go with no hook's claims")
        r.uses_moved = any(c[0] == "last" and c[5] != "any" for c in r.captures) or bool(T["rounds"].values)
        r.uses_moved = (r.uses_moved or bool(r.store_sow) or r.first_rows is not None or r.first_plain or r.first_to_next or r.opening_each or r.choose_once
                        or r.opening is not None
                        or r.first_dir is not None)  # who has sown yet
        r.uses_moved = r.uses_moved or r.sow_hook is not None  # sow.sow_hook: may read the holes sown from
        r.grand_slam = cons.get("grand_slam", o)
        r.feed = cons.get("feed", o)
        r.no_capture_moves = cons.get("no_capture_moves", o)
        when = T["extra_turn"].get("when", o)
        r.extra_store, r.extra_capture = "store" in when, "capture" in when
        r.extra_raid = "raid" in when  # extra_turn.when = "raid": after a wegue's raid only
        if r.extra_raid and not r.keeps:
            raise rf.error(T["extra_turn"].paths["when"], 'an extra turn after a raid needs capture.claim_keeps')
        r.opening_weg = sow.get("opening_weg", o)  # sow.opening_weg: each round's set opening (Gabata of Shoa)
        if r.opening_weg != "none" and (self.rows != 2 or sow.get("direction", o) != "ccw" or not r.keeps or r.stores):
            raise rf.error(sow.paths["opening_weg"], "a set opening making a weg needs two rows, sowing ccw, "
                           "no stores on the track, and wegs (capture.claim_keeps)")
        # sow12 (Selus of Massawa): capture.claim_raid = "any" (a last seed in the mover's own wegue
        # raids it too), claim_raid_except = "own-leftmost" (never a wegue in his row's leftmost
        # hole); extra_turn.when "raid-own" / "raid-leftmost": after raiding his own wegue / the
        # wegue in the opponent's row's leftmost hole.
        r.raid_any = any(t.get("claim_raid", o) == "any" for t in live)
        r.raid_not_left = any(t.get("claim_raid_except", o) == "own-leftmost" for t in live)
        r.extra_raid_own, r.extra_raid_left = "raid-own" in when, "raid-leftmost" in when
        if (r.raid_any or r.raid_not_left or r.extra_raid_own or r.extra_raid_left) and not r.keeps:
            raise rf.error(("clause",), 'claim_raid, claim_raid_except and extra turns after a raid need capture.claim_keeps')
        if r.extra_store and not r.stores:
            raise rf.error(T["extra_turn"].paths["when"], "a last seed in the store needs sow.stores = \"own\"")
        r.no_moves = end.get("no_moves", o)
        r.stalled = end.get("stalled", o)
        r.target = end.get("target", o)
        r.empty_row_wins = end.get("empty_row", o) == "wins"
        r.empty_row_ends = end.get("empty_row", o) == "ends"
        r.empty_row_loses = end.get("empty_row", o) == "loses"  # sow10 (Andada)
        r.repetition = end.get("repetition", o)
        r.repetition_seeds = end.get("repetition_seeds", o)
        r.move_limit = end.get("move_limit", o)
        r.holes_at_most = end.get("holes_at_most", o)
        r.holes_at_most_seeds = end.get("holes_at_most_seeds", o)
        r.seeds_at_most = end.get("seeds_at_most", o)
        r.sweep = end.get("sweep", o)
        r.loses_draw = end.get("loses_draw", o)
        r.take_at = sow.get("take_at", o)
        r.take_at_to = sow.get("take_at_to", o)
        r.take_at_where = ("any", "own", "opponent").index(sow.get("take_at_where", o))
        r.take_at_relay = sow.get("take_at_last", o) == "relay"  # the last seed's hole is relayed, not taken
        r.take_at_end = sow.get("take_at_end", o)  # sow.take_at_end: taken as each lap ends (Wuqro)
        r.relay_facing = ("none", "move-on", "stop").index(sow.get("relay_facing", o))  # Gabata of Ansaba
        if r.relay_facing and (r.relay is not True or self.rows != 2):
            raise rf.error(sow.paths["relay_facing"], "relay_facing needs relay = true, on two rows")
        if r.take_at_end and not (r.take_at and r.relay is True and not r.take_at_relay):
            raise rf.error(sow.paths["take_at_end"], "take_at_end needs take_at and relay = true (and no take_at_last)")
        if r.take_at_relay and not (r.take_at and r.relay is True):
            raise rf.error(sow.paths["take_at_last"], "take_at_last = \"relay\" needs take_at and relay = true")
        r.opening_hole = sow.get("opening_hole", o) - 1  # the game's first sowing's hole (-1: any)
        if r.opening_hole >= 0:
            way = sow.get("direction", o)
            if r.opening_hole >= self.N or self.rows != 2 or way not in ("ccw", "cw"):
                raise rf.error(sow.paths["opening_hole"], f"must be a hole 1 to {self.N} of a board of two rows sown one way")
            r.opening_hole |= DIR_NAMES.index(way) << 8  # the move
        first = T["setup"].get("first", o)
        if first is None:
            r.first = 0
        elif first == "lot":
            r.first = None
        elif first in rf.sides:
            r.first = rf.sides.index(first)
        else:
            path = T["setup"].paths["first"]
            raise rf.error(path, f'must be "lot" or a side\'s name ({", ".join(rf.sides)}), got {first!r}')
        r.rounds = bool(rounds.values)
        if r.rounds:
            r.refill = rounds.get("refill", o)
            if r.refill is None and rounds.get("holes", o) == "placed":
                r.refill = 1  # rounds.holes = "placed": no hole is refilled by count
            if r.refill is None:
                raise rf.error(next(iter(rounds.paths.values())), "a game of rounds needs rounds.refill")
            r.left_empty = rounds.get("left_empty", o)
            if r.left_empty == "until-full" and (rounds.get("short", o) == "choose" or rounds.get("holes", o) != "own"):
                raise rf.error(rounds.paths["left_empty"], 'left_empty = "until-full" needs short = "right" or "left" and one\'s own holes')
            r.repeat = rounds.get("repeat", o)
            r.starts = rounds.get("starts", o)
            r.short = rounds.get("short", o)
            r.won = rounds.get("holes", o) == "won"
            r.matched = rounds.get("holes", o) == "matched"
            if r.matched and (self.rows == 4 or sow.get("from", o) != "own"):
                raise rf.error(rounds.paths.get("holes"), "matched holes need two or three rows, each sowing from his own holes")
            r.round_up = rounds.get("round_up", o)
            r.round_store = rounds.get("store", o)  # rounds.store: seeds set in each store first
            if r.round_store and (not self.n_stores or rounds.get("holes", o) != "own" or rounds.get("arrange", o) != "fill"):
                raise rf.error(rounds.paths["store"], "seeds set in the stores between rounds need stores and one's own holes refilled")
            r.placed = rounds.get("holes", o) == "placed"  # rounds.holes = "placed": Baqura
            if r.placed and (self.rows != 2 or not sow.get("place", o)):
                raise rf.error(rounds.paths["holes"], "holes placed between rounds need two rows and sow.place")
            r.rest = rounds.get("rest", o)  # rounds.rest = "lend": Leyla's remainders
            r.halves = rounds.get("halves", o) == "weaker"  # rounds.halves: Mewegae
            r.halves_lot = rounds.get("halves", o) == "lot"  # the hole left drawn for (Gabata of Shoa)
            if (r.halves or r.halves_lot) and not r.won:
                raise rf.error(rounds.paths["halves"], 'halves goes with holes = "won"')
            if r.rest != "last" and not r.matched:
                raise rf.error(rounds.paths["rest"], 'rest = "lend" or "spread" goes with holes = "matched"')
            r.equal = rounds.get("arrange", o) == "equal"  # rounds.arrange: Leyla Gobale of Gabradarre
            if r.equal and (self.rows != 2 or r.won or r.refill != 1):
                raise rf.error(rounds.paths["arrange"], "an equal arrangement between rounds needs two rows, "
                               "the holes one's own and refill = 1 (a player with no seed has lost)")
            if r.won:
                where = rounds.paths.get("holes")
                if self.rows == 4 or direction not in ("ccw", "cw") or sow.get("from", o) != "own":
                    raise rf.error(where, "holes won between rounds need two (or three) rows and one direction of sowing from one's own holes")
                if r.feed or r.grand_slam == "forbidden":
                    raise rf.error(where, "holes won between rounds go with no feeding or grand-slam rule")
                if r.round_up and not r.refill / 2 < r.round_up < r.refill:
                    raise rf.error(rounds.paths["round_up"], "round_up must be more than half of refill and less than refill")
                r.one_dir = DIR_NAMES.index(direction)
        else:
            r.refill, r.left_empty, r.repeat, r.starts, r.short = 0, "skip", 0, "alternate", "choose"
            r.equal = False
        if not r.rounds or not r.won:
            r.won, r.round_up, r.one_dir = False, 0, CCW
        r.round_up_pair = bool(r.won and rounds.get("round_up_pair", o))  # sow10: Um el Banat
        if r.round_up_pair and not r.round_up:
            raise rf.error(rounds.paths["round_up_pair"], "round_up_pair goes with round_up")
        if not r.rounds:
            r.matched = False
            r.placed = False
            r.round_store = 0
            r.rest = "last"
            r.halves = r.halves_lot = False
        r.simple = not (r.cover or r.skip_at or r.relay or r.stores or r.rounds or r.origin_quirk or r.take_at)
        # The notation shows the direction when it is not the same for every sowing.
        r.arrows = len({d for pairs in r.dirs for _, d in pairs}) > 1
        r.check_moves = r.feed or r.grand_slam == "forbidden"
        if r.arrange and (r.rounds or r.first is None or r.opening is not None or (r.arrange_capture and self.rows != 4)):
            raise rf.error(sow.paths["arrange"], "a rearrangement goes before a game of one round, its first player fixed, with no set opening "
                           "(and takes, with arrange_capture, on four rows)")
        if r.enter and (r.check_moves or r.rounds):
            raise rf.error(sow.paths["enter"], "seeds entered from the hand go with no feeding or grand-slam rule and no rounds")
        dist = sow.get("distribute", o)  # sow.distribute: a pool put in by the second player
        r.dist, r.dist_seeds, r.dist_rotate = None, 0, False
        if dist is not None:
            where = sow.paths["distribute"]
            bad = [x for x in dist if x not in self.names[: self.N]]
            if bad:
                raise rf.error(where, f"names no hole {bad[0]!r} (the holes are {self.names[0]} to {self.names[self.N - 1]})")
            if r.rounds or r.first is None or r.arrange or r.opening is not None or r.enter:
                raise rf.error(where, "a distribution goes before a game of one round, its first player fixed, with no "
                                      "rearrangement, set opening or seeds entered from the hand")
            r.dist = tuple(self.names.index(x) for x in dist)
            r.dist_seeds = sow.get("distribute_seeds", o)
            if not r.dist_seeds:
                raise rf.error(where, "needs distribute_seeds, the seeds put in")
            r.dist_rotate = sow.get("distribute_rotate", o)
            if r.dist_rotate and self.rows != 2:
                raise rf.error(sow.paths["distribute_rotate"], "turning the board round needs two rows")
        elif "distribute_seeds" in sow or "distribute_rotate" in sow:
            key = "distribute_seeds" if "distribute_seeds" in sow else "distribute_rotate"
            raise rf.error(sow.paths[key], "goes with sow.distribute, the holes the seeds are put into")
        # sow10: distribute_min (each hole named at least n), distribute_cede (turning the board
        # round cedes the first move), give_one (a seed given to an empty row), end.points
        r.dist_min = sow.get("distribute_min", o) if r.dist else 0
        if r.dist_min and r.dist_min * len(r.dist) > r.dist_seeds:  # type: ignore[arg-type]
            raise rf.error(sow.paths["distribute_min"], "the seeds put in cannot give every hole so many")
        r.dist_cede = bool(r.dist_rotate and sow.get("distribute_cede", o))
        for key in ("distribute_min", "distribute_cede"):
            if key in sow and not (r.dist_rotate if key == "distribute_cede" else r.dist):
                raise rf.error(sow.paths[key], "goes with sow.distribute" + (" and distribute_rotate" if key == "distribute_cede" else ""))
        r.give_one = sow.get("give_one", o)
        if r.give_one and (self.rows != 2 or r.rounds):
            raise rf.error(sow.paths["give_one"], "a seed given to an empty row needs two rows and no rounds of refills")
        r.points = T["end"].get("points", o)
        r.open_empty = sow.get("open_empty", o)  # sow10: Mangala (Suez)'s opening
        if r.open_empty and (self.rows != 2 or self.per_row % 2 or 2 * max(r.open_empty) > self.per_row
                             or T["setup"].get("counts", o) is not None or r.first is None or r.dist or r.rounds):
            raise rf.error(sow.paths["open_empty"], "emptied holes need two rows of an even number of holes, "
                           "the same seeds in each hole, the first player fixed, no distribution and no rounds")
        r.relay_opposite = sow.get("relay_opposite", o)  # sow10: Mangala (Suez)'s capture, sown on
        if r.relay_opposite and (sow.get("relay", o) is not True or self.rows != 2):
            raise rf.error(sow.paths["relay_opposite"], "goes with relay = true, on two rows")
        if r.points and r.rounds:
            raise rf.error(T["end"].paths["points"], "rounds to a points target go with no rounds of refills (rounds.refill)")
        r.place = sow.get("place", o)  # sow.place: the hands put into the holes before play
        if r.place and (r.first is None or not (self.tables["setup"].static("hand") or r.placed) or r.arrange or r.dist):  # sow19: or only between rounds
            raise rf.error(sow.paths["place"], "placing the hands before play needs setup.hand, a first player "
                           "(no lot), and no other setting-out (arrange, distribute)")
        r.from_store = sow.get("from_store", o)  # sow.from_store: the seeds taken sown again
        if r.from_store and (self.rows != 2 or sow.get("relay", o) is not False or r.stores or r.rounds
                             or r.store_sow or r.check_moves):
            raise rf.error(sow.paths["from_store"], "sowing the seeds taken needs two rows, plain sowing (no relay, "
                           "stores on the track, store_sow), no rounds, and no feeding or grand-slam rule")
        r.take_at_lap = sow.get("take_at_lap", o)  # sow.take_at_lap: a lap that took a hole ends the sowing
        if r.take_at_lap and not (sow.get("take_at", o) and sow.get("relay", o) is True):
            raise rf.error(sow.paths["take_at_lap"], "needs take_at and relay = true")
        r.leftmost_min = sow.get("leftmost_min", o)  # sow.leftmost_min: his leftmost hole needs this many
        # Puhulmutu and its kin (sow8): one way for both, holes of three passed, ends not taken.
        r.dir_shared = sow.get("direction_shared", o)
        if r.dir_shared and not r.choose_once:
            raise rf.error(sow.paths["direction_shared"], 'a direction shared by both players needs direction = "choose-once"')
        r.skip_exact = sow.get("skip_exact", o)
        if r.skip_exact:
            r.simple = False
        r.skip_exact_start = bool(r.skip_exact) and sow.get("skip_exact_at", o) == "lap-start"
        except_places = sow.get("relay_take_except", o)
        r.take_except = frozenset(i for i in range(self.N) if (i % self.per_row) + 1 in except_places)
        if r.take_except and (not r.relay_take or self.rows != 2):
            raise rf.error(sow.paths["relay_take_except"], "needs relay_take, on two rows")
        r.singles_front = sow.get("singles_front", o)
        if r.singles_front and (not r.dir_shared or self.rows != 2):
            raise rf.error(sow.paths["singles_front"], "needs direction_shared, on two rows")
        r.short_end = r.rounds and r.short == "end"
        if r.short_end and (self.rows != 2 or r.won or r.matched or r.equal):
            raise rf.error(rounds.paths["short"], 'short = "end" needs two rows, each filling his own holes')
        r.relay_choice = sow.get("relay_choice", o) == "take-opposite"
        if r.relay_choice and (r.relay is not True or self.rows != 2 or r.check_moves or r.relay_take or r.take_at):
            raise rf.error(sow.paths["relay_choice"], "a choice at a relay lap's end needs relay = true on two rows, "
                           "with no feeding or grand-slam rule and nothing taken while sowing")
        r.richer_equal = r.rounds and rounds.get("richer", o) == "equal"
        r.round_limit = rounds.get("limit", o) if r.rounds else 0
        r.rest_from = rounds.get("rest_from", o) if r.rounds else 0
        if r.rest_from and not r.short_end:
            raise rf.error(rounds.paths["rest_from"], 'needs short = "end"')
        if r.richer_equal and (r.won or r.matched or r.equal):
            raise rf.error(rounds.paths["richer"], "an equal filling goes with each player filling his own holes")
        r.choose_count = sow.get("choose_count", o)  # sow.choose_count: how many, leaving one (Okwe)
        if r.choose_count and not (r.simple and not r.first_in_origin and not r.skip_origin and not r.check_moves
                                   and not r.arrows and not r.choose_once and r.first_dir is None
                                   and not r.singles_to_empty and not r.first_plain and not r.first_to_next):
            raise rf.error(sow.paths["choose_count"], "a sowing of a chosen number of seeds goes with plain sowing in one "
                           "direction: no relay, stores, rounds, laps passing the origin, feeding or grand-slam rule")
        # For the quick look at whether a sowing can capture (``SowSim._gen``): the count
        # tables of the capture rules, when they are all by the last hole's count on a plain track.
        r.quick = r.quick_where = None
        if r.simple and all(c[0] == "last" for c in r.captures):
            r.quick = [any(c[1][k] for c in r.captures) for k in range(self.total + 2)]
            # quick_where[seat][hole]: whether some capture rule looks at that hole for that seat.
            r.quick_where = [[any(c[2] == 0 or (self.owner[i] == seat) == (c[2] == 1) for c in r.captures)
                              for i in range(self.N)] for seat in (0, 1)]
        self._cw_rules(r, o)  # sow11: sow.cw_capture, end.ends_taken
        self._cache[key] = r
        return r

    # -- sow11: clockwise sowings that capture (sow.cw_capture), the end holes taken (end.ends_taken)
    def _cw_rules(self, r: Rules, o: Mapping[str, Any] | None) -> None:
        sow, end = self.tables["sow"], self.tables["end"]
        places = sow.get("cw_capture", o)
        r.cw_capture, r.cw_relay, r.cw_first, r.cw_test = None, False, True, None
        if places is not None:
            if (self.rows != 4 or r.relay_hook is None or r.relay_hook_at not in (1, 2, 3) or r.relay_hook_ends
                    or sow.get("direction", o) != "ccw" or r.stores or r.take_at):
                raise self.rf.error(sow.paths["cw_capture"], 'clockwise captures go on four rows sown anticlockwise, '
                                    'with relay = true, a relay_hook and relay_hook_sows = "lap-after" or "behind"')
            n = self.per_row
            sets = []
            for seat in (0, 1):  # the place from the owner's left: South's left is column 0
                want = {(0 if seat == 0 else 3, k - 1 if seat == 0 else n - k) for k in places.get("outer", ())}
                want |= {(1 if seat == 0 else 2, k - 1 if seat == 0 else n - k) for k in places.get("inner", ())}
                if any(k > n for k in (*places.get("outer", ()), *places.get("inner", ()))):
                    raise self.rf.error(sow.paths["cw_capture"], f"the rows have {n} holes")
                sets.append(frozenset(i for i in self.holes_of[seat] if (self.row_of[i], self.col_of[i]) in want))
            r.cw_capture = tuple(sets)
            r.cw_relay = sow.get("cw_capture_relay", o)
            r.cw_first = sow.get("cw_capture_first", o)
            r.uses_moved = r.uses_moved or not r.cw_first  # his first sowing told by the holes sown
            test = sow.get("cw_capture_test", o)
            r.cw_test = HOOKS[test] if test else None
            r.arrows = True
        elif sow.get("cw_capture_relay", o):
            raise self.rf.error(sow.paths["cw_capture_relay"], "goes with sow.cw_capture")
        r.ends_taken = None
        if end.get("ends_taken", o) != "none":
            if self.rows != 4:
                raise self.rf.error(end.paths["ends_taken"], "the inner rows' end holes need four rows")
            # the end holes of each seat's inner row (row 1 South's, row 2 North's), a mask
            r.ends_taken = tuple(_mask([i for i in self.holes_of[s] if self.row_of[i] == (1, 2)[s]
                                        and self.col_of[i] in (0, self.per_row - 1)]) for s in (0, 1))
            r.ends_taken += (end.get("ends_taken", o) == "after-first",)  # not by his first sowing
            r.uses_moved = r.uses_moved or r.ends_taken[2]

    def _opening_holes(self, spec: Any, path: tuple | None) -> tuple | None:
        """``sow.opening`` for each seat: ``((lifted, (dropped into, ...)), ...)`` in the file's order."""
        if spec is None:
            return None
        if self.rows != 4:
            raise self.rf.error(path, "a set opening names holes of the outer and inner rows: four rows")
        at = {(self.row_of[i], self.col_of[i]): i for i in range(self.N)}
        n = self.per_row
        out = []
        for seat in (0, 1):
            moves = []
            for move in spec:
                holes = []
                for row, k in move:
                    if k > n:
                        raise self.rf.error(path, f"the rows have {n} holes, not {k}")
                    # rows from the bottom: South's outer 0, inner 1; North's inner 2, outer 3;
                    # the k-th from the player's right: South's right is the last column, North's the first
                    y = (0 if row == "outer" else 1) if seat == 0 else (3 if row == "outer" else 2)
                    holes.append(at[(y, n - k if seat == 0 else k - 1)])
                if len(set(holes)) != len(holes):
                    raise self.rf.error(path, "a move of the opening names a hole twice")
                moves.append((holes[0], tuple(holes[1:])))
            if len({h for h, _ in moves}) != len(moves):
                raise self.rf.error(path, "two moves of the opening lift the same hole (the action names it)")
            out.append(tuple(moves))
        return tuple(out)

    def _capture_rule(self, t: _Table, o: Mapping[str, Any] | None) -> tuple:
        rf = self.rf
        if "hook" in t:
            return ("hook", HOOKS[t.values["hook"]], bool(t.get("claim", o)))  # a name, checked when compiled
        take = t.get("take", o)
        if take == "beyond":
            return ("beyond", t.get("chain", o) == "forward", t.get("beyond_after", o) == "occupied")
        if take == "after":
            counts = t.get("counts", o)
            if not isinstance(counts, list):
                raise rf.error(t.paths.get("take", next(iter(t.paths.values()))), "a capture of the hole after the last needs counts, a list")
            return ("after", [c in counts for c in range(self.total + 2)], t.get("chain", o) == "forward")
        if take in ("last", "all", "sown"):
            counts = t.get("counts", o)
            if counts is None:
                raise rf.error(t.paths.get("take", next(iter(t.paths.values()))), "a capture by count needs counts")
            total = self.total
            if counts == "even":
                takes = [c > 0 and c % 2 == 0 for c in range(total + 2)]
            elif counts == "odd":
                takes = [c % 2 == 1 for c in range(total + 2)]
            else:
                takes = [c in counts for c in range(total + 2)]
            where = {"any": 0, "own": 1, "opponent": 2}[t.get("where", o) or ("opponent" if take == "last" else "any")]
            if take == "all":
                return ("all", takes, where)
            if take == "sown":
                if not (self.tables["sow"].get("relay", o) is False and self.tables["sow"].get("stores", o) not in ("own", "both")
                        and not self.tables["sow"].get("skip_at", o)):
                    raise rf.error(t.paths["take"], "a capture of the holes sown needs a plain sowing (no relay, stores or skips)")
                return ("sown", takes, where, t.get("or_own_last", o), t.get("scope", o) == "sown")
            chain = {"none": 0, "backward": 1, "forward": 2}[t.get("chain", o)]
            firsts = t.get("first_takes", o)
            if firsts:
                if chain:
                    raise rf.error(t.paths["first_takes"], "a capture with first_takes takes the last hole only (no chain)")
                prefix = [sum(firsts[:k]) for k in range(len(firsts) + 1)]
                return ("seq", takes, where, firsts, prefix)
            claim = None
            if t.get("claim", o):  # capture.claim: the hole taken becomes the mover's (a tuz)
                keeps = t.get("claim_keeps", o)  # capture.claim_keeps: a wegue, keeping its seeds
                if chain or not (self.rows == 2 or (self.rows == 3 and keeps)):
                    raise rf.error(t.paths["claim"], "a claimed hole is the last hole alone (no chain), on two rows "
                                   "(on three, a wegue: claim_keeps)")
                if self.rows == 3 and t.get("claim_except", o):
                    raise rf.error(t.paths["claim_except"], "places in a row need two rows")
                claim = (t.get("claim_except", o), t.get("claim_twin", o) or self.rows == 3, t.get("claim_max", o),
                         keeps, t.get("claim_last", o), t.get("claim_keeps_fewer", o) == "all")
                if "claim_keeps_fewer" in t.values and not keeps:
                    raise rf.error(t.paths["claim_keeps_fewer"], "a raid on a wegue needs claim_keeps = n")
            elif t.get("claim_keeps", o) or t.get("claim_last", o) or "claim_keeps_fewer" in t.values:
                raise rf.error(t.paths.get("claim_keeps", t.paths.get("claim_last", t.paths.get("claim_keeps_fewer"))),
                               "needs claim = true")
            return ("last", takes, where, chain, t.get("chain_over_left_empty", o), t.get("moved", o),
                    t.get("chain_through_empty", o), t.get("chain_stops_at_origin", o), claim)
        where = t.get("where", o) or "own"
        if self.rows == 3:
            raise rf.error(t.paths["take"], "three rows name no facing hole: a capture of the facing hole needs two or four rows")
        if where != "own" and t.get("both", o):
            raise rf.error(t.paths["where"], "a capture of the hole behind the facing one needs the last seed in one's own hole (where = \"own\")")
        return ("opposite", t.get("min", o), t.get("with_last", o), t.get("both", o), where, t.get("into", o) == "any",
                t.get("then_take", o))

    def total_seeds(self) -> int:
        setup = self.tables["setup"]
        counts = setup.static("counts")
        if counts is not None:
            if not (isinstance(counts, list) and len(counts) == self.N and all(
                    isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 1000 for c in counts)):
                raise self.rf.error(setup.paths["counts"], f"must list {self.N} seed counts, one per hole in hole order")
            return sum(counts) + 2 * setup.static("hand") + sum(self.start_stores())
        return setup.static("seeds") * self.N + 2 * setup.static("hand") + sum(self.start_stores())

    def start_stores(self) -> list[int]:
        """``setup.stores``: the seeds in each seat's store at the start."""
        v = self.tables["setup"].static("stores")
        return list(v) if isinstance(v, list) else [v, v]

    def start_counts(self) -> list[int]:
        counts = self.tables["setup"].static("counts")
        return list(counts) if counts is not None else [self.tables["setup"].static("seeds")] * self.N

    # -- evaluation (CONTRACT.md, "Evaluation") ------------------------------------------------
    #: Logistic slope, on shares of all the seeds: four seeds of Oware's 48 ahead scores ~0.62.
    EVAL_K = 6.0
    #: What a seed standing on the seat's own side counts for, beside one taken (1).
    EVAL_SIDE = 0.25

    def evaluate(self, sim: SowSim) -> tuple[float, ...]:
        """A value per seat in [0, 1] for an unfinished position: each seat's seeds taken and
        kept in hand, plus :data:`EVAL_SIDE` of those in its own holes, as a share of all the
        seeds; :func:`team_values` squashes the difference."""
        b, owner = sim.b, sim.own  # the holes each holds (rounds.holes = "won")
        side = [0, 0]
        kept = [0, 0]
        weg = (sim.tuz[0] | sim.tuz[1]) if sim.r.keeps else 0  # capture.claim_keeps: a wegue's are its holder's
        for i in range(self.N):
            if weg >> i & 1:
                kept[0 if sim.tuz[0] >> i & 1 else 1] += b[i]
            elif b[i] and not self.nobody >> i & 1:  # the central holes of owners = "halves": nobody's
                side[owner[i]] += b[i]
        total = max(1, self.total)
        hand = sim.hand if sim.phase != DISTRIBUTE else (0, 0)  # sow.distribute: the pool is nobody's
        scores = [(sim.sc[s] + hand[s] + kept[s] + self.EVAL_SIDE * side[s]) / total for s in (0, 1)]
        if sim.r.points:  # sow10: end.points, the rounds' points as a share of the target too
            scores = [scores[s] + sim.points[s] / sim.r.points for s in (0, 1)]
        return team_values(self, scores, self.EVAL_K)

    # -- the Game protocol -------------------------------------------------------------------
    def new_sim(self, options: dict[str, Any]) -> SowSim:
        r = self.rules_for(options)
        sim = SowSim(self, options, r)
        sim.b = self.start_counts() + [0, 0]
        sim.hand = [self.tables["setup"].static("hand")] * 2  # setup.hand: each player's store
        sim.sc = self.start_stores()  # setup.stores: seeds in each store
        if r.first is None:
            sim.phase, sim.turn = LOT, None
            sim.round = 1
            return sim
        sim._begin(r.first)
        if r.arrange:  # sow.arrange: the first player rearranges first
            sim.phase = ARRANGE
        if r.dist:  # sow.distribute: the other player puts the seeds in first, from his hand
            sim.phase, sim.turn = DISTRIBUTE, 1 - r.first
            sim.hand[1 - r.first] = r.dist_seeds
            sim.hist.clear()  # the positions counted from the play (end.repetition)
        if r.place and any(sim.hand):  # sow.place: the players put their hands in, the first first (sow19: if any)
            sim.phase = PLACE
            sim.hist = {}
        return sim

    def sim_from_json(self, data: Mapping[str, Any], options: dict[str, Any]) -> SowSim:
        return _read(self, data, options)

    def ludii_steps(self, sim: SowSim, move: Any, last: int | None) -> list[tuple[int, dict[str, Any], bool]] | None:
        """The replay's hook (ludii.py): the run of Ludii's steps that ``move`` stands for,
        or None where it is the move's one step.

        *Relay sowing* (``sow.relay``): Ludii lifts the seeds of the hole a relayed lap ends in
        by a step of the mover's own, his only legal move, naming that hole. So a sowing that
        relays stands for its own step and one step per relay lap, each ``{"sow": hole}``.

        *Rounds*: Ludii ends a round by a forced pass of each player (the one after the mover
        first) and refills the holes by steps of its own: from the player after the one whose
        step came ``last``, each in turn puts ``refill`` seeds from his hand into one of his
        holes (in any order: the entries are free), or passes when he has none left to fill,
        until both pass in a row. So a sowing that ends a round stands for itself (and its
        relay laps) and the two passes, and for the whole refill too where nobody chooses holes
        to leave empty; a choice of holes to leave empty stands for the refill. (A round that
        ``end.empty_row = "ends"`` ends has no passes: Ludii refills at once.)

        *A stylised opening* (``[ludii] opening = [holes]``): where the file's ``setup.counts``
        is the position a set opening leaves, and Ludii plays that opening as steps of the first
        player's, each naming a hole (``{"sow": hole}``), the game's first move stands for those
        steps too, before its own. (``[ludii] gather_step = true``: with ``sow.opening_gather_each``,
        Ludii gathers the counters by a step of its own, from the starter's first hole to the
        hole the sowing begins in, before the sowing's.)"""
        r = sim.r
        if type(move) is tuple and move[0] == "hook" and getattr(r.prelude_hook, "ludii_steps", None) is not None:
            return r.prelude_hook.ludii_steps(sim, move, last)  # sow23: the prelude rule's own runs of steps
        if r.from_store and sim.phase == PLAY and type(move) is int and move & 0xFF >= self.N:
            # sow.from_store: Ludii moves the seeds from the hand into the leftmost hole (one step)
            return [(sim.turn, {"from": "hand", "to": self.names[sim.holes[sim.turn][0]]}, False)]  # type: ignore[index]
        if sim.phase not in (PLAY, LEAVE) or not (r.rounds or r.relay):
            return None
        seat = sim.turn
        own = self.holes_of
        if type(move) is int and r.opening_weg != "none" and not sim.sown:  # sow.opening_weg: Ludii's
            # steps of the set opening, each naming the hole a counter is moved from
            return [(seat, {"sow": self.names[p]}, False) for p, _ in sim._opening_weg_pairs(seat, move & 0xFF)[1]]
        if type(move) is int:
            run: list[tuple[int, dict[str, Any], bool]] = [(seat, sim.action(move).to_json(), False)]
            if r.take_hook is not None and sim.plies == 0 and seat == r.first:  # the start's captures
                start = sim.copy()
                start.b = self.start_counts() + [0, 0]
                run[:0] = [(seat, {"sow": self.names[self.facing[f]]}, True)
                           for f, *_ in r.take_hook(start, seat, -1) if self.facing[f] >= 0]
            if (r.gather_each and not sim.sown and (getattr(self.rf, "ludii", None) or {}).get("gather_step")):
                # [ludii] gather_step: Ludii gathers the round's opening counters by a step of its
                # own, from the starter's first hole to the hole the sowing begins in (Wuqro)
                run.insert(0, (seat, {"from": self.names[sim.holes[seat][0]], "to": self.names[move & 0xFF]}, False))
            opening = (getattr(self.rf, "ludii", None) or {}).get("opening")
            if opening and sim.plies == 0 and sim.round == 1:  # [ludii] opening: the set-up's steps
                run = [(seat, {"sow": h}, False) for h in opening] + run
            if r.relay and not ((r.first_plain or r.opening is not None) and not sim.sown & self.own_mask[seat]):  # type: ignore[index]
                probe = sim.copy()
                probe.laps = []
                probe._sow(seat, move & 0xFF, (move >> 8) & 1, move >> 9)  # type: ignore[arg-type]
                run += [(seat, {"sow": self.names[p]} if p >= 0 else {"pass": True}, False) for p in probe.laps]
            if r.opening_next and sim.plies == (r.first is None) and (getattr(self.rf, "ludii", None) or {}).get("opening_pass"):
                run.append((seat, {"pass": True}, False))  # sow10: [ludii] opening_pass, Ludii's pass ending the opening
            after = sim.copy()
            after.play(move)
            if r.take_hook is not None and after.started:  # the next turn's captures, any order
                run += [(1 - seat if after.turn is None else after.turn, {"sow": self.names[self.facing[f]]}, True)
                        for f, *_ in after.started if self.facing[f] >= 0]
            if (r.extra_store and after.phase == PLAY and after.turn != seat
                    and sim.copy()._sow(seat, move & 0xFF, (move >> 8) & 1, move >> 9) == self.N + seat):  # type: ignore[arg-type]
                run.append((seat, {"pass": True}, False))  # the extra turn he cannot use: Ludii's pass
            raided = r.extra_raid and sim.tuz[1 - seat] >> sim.copy()._sow(seat, move & 0xFF, move >> 8) & 1  # type: ignore[arg-type]
            if raided and after.phase == PLAY and after.turn != seat and len(after.rounds) == len(sim.rounds):
                run.append((seat, {"pass": True}, False))  # extra_turn.when = "raid" he cannot use: Ludii's pass
            if r.raid_not_left or r.extra_raid_own or r.extra_raid_left:  # sow12 (Selus of Massawa)
                probe = sim.copy()
                end = probe._sow(seat, move & 0xFF, (move >> 8) & 1)  # type: ignore[arg-type]
                weg, mine = (sim.tuz[0] | sim.tuz[1]) >> end & 1, sim.tuz[seat] >> end & 1  # type: ignore[index,operator]
                barred = r.raid_not_left and end == own[seat][0]
                raid = weg and probe.b[end] >= r.keeps and not barred and (mine and r.raid_any or not mine)
                again = raid and ((r.extra_raid_own and mine) or (r.extra_raid_left and end == own[1 - seat][0]))
                # a wegue at his own leftmost hole: Ludii relays from it, finds nothing to sow and
                # passes; an extra turn with no hole to sow from: Ludii's pass
                if ((weg and barred and probe.b[end] > 1) or (again and after.turn != seat)) and (
                        after.phase == PLAY and len(after.rounds) == len(sim.rounds)):
                    run.append((seat, {"pass": True}, False))
            if r.rounds and len(after.rounds) != len(sim.rounds):
                # a round ended by an empty row, or by few seeds left (end.seeds_at_most,
                # holes_at_most: then never by a stall), has no passes: Ludii goes straight on
                lud_refill = (getattr(self.rf, "ludii", None) or {}).get("refill")
                if (not r.empty_row_ends and r.seeds_at_most is None and r.holes_at_most is None and not r.keeps
                        and lud_refill not in ("runs", "free-now", "blocked-pass")):  # [ludii] refill = "runs": no passes either
                    run += [(1 - seat, {"pass": True}, False), (seat, {"pass": True}, False)]
                if lud_refill == "blocked-pass":  # [ludii] refill = "blocked-pass": one pass, the blocked player's
                    run.append((1 - seat, {"pass": True}, False))
                if after.phase == PLAY:
                    holes = [[i for i in own[s] if not after.closed >> i & 1
                              or (r.left_empty == "until-full" and after.b[i])] for s in (0, 1)]  # a short hole's rest
                    if r.short == "right":  # a fixed order, from each player's right
                        holes = [h[::-1] for h in holes]
                    if r.won:  # rounds.holes = "won": each fills from his right, in a fixed order
                        holes = [[i for i in _fill_order(self.N // 2, self.rows == 3)[s] if after.own[i] == s
                                  and not after.closed >> i & 1] for s in (0, 1)]
                    # rounds.holes = "won": Ludii's fill order is the file's, or (its [ludii] table
                    # saying refill = "free") the player's choice of hole at each step
                    # ([ludii] refill = "free-now", one's own holes: the player's choice at each
                    # step, from straight after the move that ended the round, no passes: Khrour)
                    free = ((r.short == "choose" or lud_refill == "free-now") if not r.won
                            else (getattr(self.rf, "ludii", None) or {}).get("refill") == "free")
                    if r.matched:  # rounds.holes = "matched": Ludii's poorer player fills his full holes,
                        # a step each; his last, partial hole and the other's are filled with the last
                        totals = after.rounds[-1]
                        poor = 0 if totals[0] <= totals[1] else 1
                        run += [(poor, {"from": "hand", "to": self.names[i]}, False)
                                for i in self.holes_of[poor][: totals[poor] // r.refill]]
                    elif lud_refill == "runs":
                        # [ludii] refill = "runs": from the player after the mover, each fills all
                        # his holes in a row, a hole of three and one (rounds.round_up) within
                        # the step before it; no passes
                        for s in ((seat, 1 - seat) if raided else (1 - seat, seat)):  # a raid's mover moves on
                            fills = holes[s]
                            if r.round_up and after.rounds[-1][s] % r.refill >= r.round_up:
                                fills = fills[:-1]
                            run += [(s, {"from": "hand", "to": self.names[i]}, False) for i in fills]
                    elif lud_refill == "richer-runs" and r.won:  # sow10 (Um el Banat): the next round's
                        # starter first, then the other, each all his holes in a row from his leftmost
                        # along the track, a hole of three and one (round_up) within the step before
                        for s in (after.turn, 1 - after.turn):
                            fills = sorted((i for i in range(self.N) if after.own[i] == s and not after.closed >> i & 1),
                                           key=lambda i, s=s: (i - own[s][0]) % self.N)
                            if s == after.turn and r.round_up and after.rounds[-1][s] % r.refill >= r.round_up:
                                fills = fills[:-1]
                            run += [(s, {"from": "hand", "to": self.names[i]}, False) for i in fills]
                    elif r.keeps and r.won and lud_refill != "free":  # capture.claim_keeps (Gabata of Tigray): Ludii ends the round
                        # as the last free seed goes, the player after the mover filling all his
                        # holes, then the other; a round_up hole is filled with the last, no step
                        totals = after.rounds[-1]
                        for s in (1 - seat, seat):
                            run += [(s, {"from": "hand", "to": self.names[i]}, False)
                                    for i in holes[s][: totals[s] // r.refill]]
                    else:
                        run += self._refill_run(holes, 1 - seat, free)
            return run if len(run) > 1 else None
        if r.rounds and move[0] == "leave":
            holes = [[i for i in own[s] if s != seat or i not in move[1]] for s in (0, 1)]
            return self._refill_run(holes, 1 - last if last is not None else seat)
        return None

    def _refill_run(self, holes: list[list[int]], first: int, free: bool = True) -> list[tuple[int, dict[str, Any], bool]]:
        left = [list(h) for h in holes]
        run: list[tuple[int, dict[str, Any], bool]] = []
        s, passes = first, 0
        while passes < 2:
            if left[s]:
                run.append((s, {"from": "hand", "to": self.names[left[s].pop(0)]}, free))
                passes = 0
            else:
                run.append((s, {"pass": True}, False))
                passes += 1
            s = 1 - s
        return run

    def board_info(self, options: dict[str, Any]) -> dict[str, Any]:
        geometry = self.board.geometry()
        for site in geometry["sites"]:
            i = self.board.index[site["name"]]
            site["owner"] = None if i in self.shared else self.owner[i] if i < self.N else int(site["name"][1:]) - 1
        geometry["hands"] = self.rules_for(options).rounds
        return {
            "players": self.players, "sides": list(self.rf.sides),
            "teams": [list(t) for t in self.teams] if self.teams else None,
            "geometry": geometry,
            "pieces": {"seed": {"name": "seed", "glyph": "•", "svg": None}},
            "notation": "holes",
        }

    def describe(self, sim: SowSim, move: Any) -> str:
        after = sim.copy()
        after.log = True
        after.play(move)
        return after.last_text

    def text_help(self) -> dict[str, list[str]]:
        r = self.rules_for(None)
        moves = [self.names[r.dirs[0][0][0]]]
        if any(len({d for h2, d in r.dirs[0] if h2 == h}) > 1 for h, _ in r.dirs[0]):
            moves.append(f"{self.names[r.dirs[0][0][0]]} cw")
        if r.rounds:
            moves.append("leave 2,4 empty")
        return {"moves": moves, "commands": []}


# -- the position being played -----------------------------------------------------------------------
class SowSim(Sim):
    """A sowing position, mutable: ``b`` the counts (holes, then two store slots used while
    sowing through a store), ``sc`` seeds taken (this round), ``hand`` seeds kept aside."""

    __slots__ = ("game", "options", "r", "b", "sc", "hand", "turn", "phase", "plies", "sown", "closed",
                 "round", "starter", "rounds", "hist", "over", "_mv", "log", "last_text", "laps",
                 "take_left", "_then", "way", "lifted", "during", "tuz", "_claim", "own", "holes", "omask", "took",
                 "started", "hook_run", "hook_mem", "covered", "centre", "_covered_now", "pause", "marked",
                 "points", "forced",  # sow10: end.points; sow.relay_opposite
                 "raided", "visited",
                 "drawn",  # sow11: end.ends_taken, the opponent's holes drawn this move (a mask)
                 "memo")  # sow18: a hook's own memory kept from move to move (state "memo")

    def __init__(self, game: SowGame, options: dict[str, Any], r: Rules) -> None:
        self.game, self.options, self.r = game, options, r
        self.b: list[int] = []
        self.sc = [0, 0]
        self.hand = [0, 0]
        self.turn: int | None = None
        self.phase = PLAY
        self.plies = 0
        self.sown = 0
        self.closed = 0
        self.round = 1
        self.starter: int | None = None
        self.rounds: list[tuple[int, int, int]] = []
        self.hist: dict[tuple, int] = {}
        self.over: tuple[int | None, str] | None = None
        self._mv: list | None = None
        self.log = False  # write last_text (the notation of the last action): describe only
        self.took = 0  # with log: seeds taken while sowing (relay_take, a hook drawing enemy holes)
        self.last_text = ""
        self.laps: list[int] | None = None  # where a list: each relay lap's hole is added (ludii_steps)
        self.take_left = 0  # holes the mover has still to take (phase "take", capture.then_take)
        self.way: list[int | None] = [None, None]  # each seat's direction, once chosen (choose-once)
        self._then = 0  # set by _captures: the then_take of the rule that was met
        self.tuz = [0, 0]  # capture.claim: each seat's claimed holes (tuz), a mask
        self.raided = 0  # capture.claim_raid_free: the wegues raided once already, a mask
        self.visited = [0, 0]  # capture.claim_first: the opponent's wegues each seat's last seed has found
        # Who owns each hole (then the stores), each seat's holes and their mask: the game's,
        # unless rounds.holes = "won" has moved holes from one player to the other.
        self.own, self.holes, self.omask = game.owner, game.holes_of, game.own_mask
        self._claim = 0  # set by _captures: the holes a claim rule takes (a mask)
        self.started: list[tuple[int, int]] = []  # sow.take_hook: what began this turn (replay)
        # sow.relay_hook: set before each call, (the hole the lap was lifted from, the seeds
        # dropped so far this sowing); hook_mem is the hook's own, None at each sowing's start
        self.hook_run: tuple[int, int] | None = None
        self.hook_mem: Any = None
        self.covered = 0  # sow.cover: the covered holes, a mask
        self.centre = 0  # sow.cover: the seeds dropped into the central hole, out of play
        self._covered_now = False  # set by _sow: this move covered a hole
        self.drawn = 0  # sow11: end.ends_taken, the holes drawn this move
        self.pause = -1  # sow.relay_choice: the hole where the mover chooses how to go on, or -1
        self.marked = 0  # rounds.rest_from: the puta and naga holes this round, a mask
        self.points = [0, 0]  # sow10: end.points, each seat's points from the rounds played
        self.forced = -1  # sow10: sow.relay_opposite, the hole the next sowing must be from (-1: any)
        self.memo = 0  # sow18: a hook's own memory (an int) kept from move to move, in the state where not 0

    def copy(self) -> SowSim:
        s = SowSim.__new__(SowSim)
        s.game, s.options, s.r = self.game, self.options, self.r
        s.b, s.sc, s.hand = self.b[:], self.sc[:], self.hand[:]
        s.turn, s.phase, s.plies, s.sown, s.closed = self.turn, self.phase, self.plies, self.sown, self.closed
        s.round, s.starter, s.rounds = self.round, self.starter, list(self.rounds)
        s.hist = dict(self.hist)
        s.over = self.over
        s._mv = self._mv
        s.log, s.last_text, s.laps = False, "", None
        s.take_left, s._then = self.take_left, 0
        s.way = self.way[:]
        s.tuz, s._claim, s.raided = self.tuz[:], 0, self.raided
        s.visited = self.visited[:]
        s.started = []
        s.hook_run = s.hook_mem = None
        s.covered, s.centre, s._covered_now = self.covered, self.centre, False
        s.drawn = 0  # sow11
        s.points = self.points[:]  # sow10
        s.forced = self.forced
        s.memo = self.memo  # sow18
        s.own, s.holes, s.omask = self.own, self.holes, self.omask  # replaced, never changed in place
        s.pause = self.pause
        s.marked = self.marked
        return s

    # -- protocol ------------------------------------------------------------------------------
    def to_move(self) -> int | None:
        return self.turn

    def is_chance(self) -> bool:
        return self.phase == LOT

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(("first", 0), 0.5), (("first", 1), 0.5)] if self.phase == LOT else []

    def moves(self) -> list:
        if self._mv is None:
            self._gen()
        return list(self._mv)  # type: ignore[arg-type]

    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        winner, how = self.over
        score = (self.sc[0] + self.hand[0], self.sc[1] + self.hand[1])
        counted = getattr(self.r.prelude_hook, "score", None)
        if counted is not None:  # the prelude rule's own count (Bao Kiswahili: the inner rows)
            score = counted(self)
        return Outcome(winner, 0 if winner is None else 1, how, score)

    def result(self) -> tuple[float, ...] | None:
        if self.over is None:
            return None
        w = self.over[0]
        return (0.5, 0.5) if w is None else ((1.0, 0.0) if w == 0 else (0.0, 1.0))

    def action(self, move: Any) -> Action:
        g = self.game
        if type(move) is int and getattr(self.r.sow_hook, "name_move", None) is not None:
            return Action(self.r.sow_hook.name_move(self, move))  # sow22: the sowing rule names its moves
        if type(move) is int:
            h, d = move & 0xFF, move >> 8
            if h >= g.N and self.r.from_store:  # sow.from_store: k of the seeds taken, a way
                act: dict[str, Any] = {"sow": g.store_names[h - g.N], "count": move >> 9}
                if len({w for _, w in self.r.dirs[h - g.N]}) > 1:
                    act["direction"] = DIR_NAMES[(move >> 8) & 1]
                return Action(act)
            if h >= g.N:  # sow.store_sow: the store sown back
                return Action({"sow": g.store_names[h - g.N]})
            if move >> 9:  # sow.choose_count: the seeds sown
                return Action({"sow": g.names[h], "count": move >> 9})
            data: dict[str, Any] = {"sow": g.names[h]}
            if (h, 1 - d) in self.r.dirs[self.turn if self.turn is not None else 0]:
                data["direction"] = DIR_NAMES[d]
            return Action(data)
        if move[0] == "first":
            return Action({"first": move[1]})
        if move[0] == "hook":  # sow.prelude_hook: the rule names its move
            return Action(self.r.prelude_hook(self, self.turn, "action", move))
        if move[0] == "take":
            return Action({"remove": g.names[move[1]]})
        if move[0] == "enter":
            return Action({"enter": "store"})
        if move[0] == "own":  # sow.store_own: k seeds of the store, sown from his leftmost hole
            return Action({"enter": "store", "to": g.names[g.holes_of[self.turn][0]], "count": move[1]})  # type: ignore[index]
        if move[0] == "arr":
            return Action({"from": g.names[move[1]], "to": g.names[move[2]]})
        if move[0] == "give":  # sow10: sow.give_one
            return Action({"from": g.names[move[1]], "to": g.names[self.holes[1 - self.turn][0]]})  # type: ignore[operator]
        if move[0] == "pass":
            return Action({"pass": True})
        if move[0] == "put":  # sow.distribute, sow.place
            return Action({"to": g.names[move[1]], "piece": "seed"})
        if move[0] == "keep":
            return Action({"pass": True})
        if move[0] == "rotate":
            return Action({"pass": True, "rotate": True})
        if move[0] == "grab":  # sow.relay_choice: the last seed into the facing hole, both taken
            return Action({"from": g.names[move[1]], "to": g.names[g.facing[move[1]]]})
        return Action({"leave_empty": [g.names[h] for h in move[1]]})

    # -- generating moves ------------------------------------------------------------------------
    def _gen(self) -> None:
        """The moves of the player to move (empty when over or when he has none)."""
        if self.over is not None:
            self._mv = []
            return
        if self.phase == LOT:
            self._mv = [("first", 0), ("first", 1)]
            return
        if self.phase == TAKE:
            b = self.b
            self._mv = [("take", p) for p in self.holes[1 - self.turn] if b[p]]  # type: ignore[operator]
            return
        if self.phase == ARRANGE:  # sow.arrange: a seed from one of his holes to another, or done
            b, own = self.b, self.holes[self.turn]  # type: ignore[index]
            self._mv = [("arr", p, q) for p in own if b[p] for q in own if q != p] + [("pass",)]
            return
        if self.phase == PLACE:  # sow.place: a seed from his hand into one of his holes
            self._mv = [("put", p) for p in self.holes[self.turn]]  # type: ignore[index]
            if self.r.moves_hook is not None:  # the holes a Python rule allows (Ikibuguzo's arrays)
                self._mv = self.r.moves_hook(self, self.turn, self._mv)
            return
        if self.phase == DISTRIBUTE:  # sow.distribute: a seed into one of the holes, or the choice
            if self.hand[self.turn]:  # type: ignore[index]
                self._mv = [("put", p) for p in self.r.dist]  # type: ignore[union-attr]
                if self.r.dist_min:  # sow10: sow.distribute_min, the seeds left all needed below n
                    lo, b = self.r.dist_min, self.b
                    if self.hand[self.turn] <= sum(max(0, lo - b[p]) for p in self.r.dist):  # type: ignore[union-attr]
                        self._mv = [("put", p) for p in self.r.dist if b[p] < lo]  # type: ignore[union-attr]
            else:
                self._mv = [("keep",), ("rotate",)]
            return
        if self.phase == LEAVE:
            seat = self.turn
            g = self.game
            filled = min(len(self.holes[seat]), self.hand[seat] // self.r.refill)
            self._mv = [("leave", c) for c in combinations(self.holes[seat], len(self.holes[seat]) - filled)]
            if self.r.short_end:  # rounds.short = "end": filled from one end, the other left empty
                own = tuple(self.holes[seat])
                self._mv = [("leave", own[filled:]), ("leave", own[: len(own) - filled])]
            return
        b, r, seat = self.b, self.r, self.turn
        if r.prelude_hook is not None:  # sow.prelude_hook: a Python rule's moves, while it has any
            pre = r.prelude_hook(self, seat, "moves", None)
            if pre is not None:
                self._mv = pre
                return
        if self.pause >= 0:  # sow.relay_choice: sow on from the hole, or take the one facing it
            p = self.pause
            d = next(d for h, d in r.dirs[seat] if h == p)  # type: ignore[index]
            self._mv = [p | (d << 8), ("grab", p)]
            return
        if r.open_empty and self.plies < 2:  # sow10: sow.open_empty, the holes he empties
            row, (x, y) = self.holes[seat], r.open_empty  # type: ignore[index,misc]
            half = len(row) // 2
            self._mv = [("leave", a + z) for u, w in dict.fromkeys(((x, y), (y, x)))
                        for a in combinations(row[:half], u) for z in combinations(row[half:], w)]
            return
        if r.give_one and not any(b[i] for i in self.holes[1 - seat]):  # type: ignore[operator]
            # sow10: sow.give_one, the opponent's row empty: one seed of his into its first hole
            self._mv = [("give", h) for h in self.holes[seat] if b[h]]  # type: ignore[index]
            return
        if r.store_sow and self.sc[seat] >= r.store_sow and not self.sown >> (self.game.N + seat) & 1:  # type: ignore[operator]
            self._mv = [self.game.N + seat]  # sow.store_sow: his store is sown back, his only move
            return
        lo = r.min
        if r.opening_weg != "none" and not self.sown:  # sow.opening_weg: the round's set opening,
            self._mv = [self.game.holes_of[seat][-1]]  # named by the starter's rightmost hole  # type: ignore[index]
            return
        if r.gather and (not self.sown if r.gather_each else self.plies == (r.first is None)):  # sow.opening_gather
            d = r.dirs[seat][0][1]  # type: ignore[index]
            step, own = self.game.plain[seat][d], self.holes[seat]  # type: ignore[index]
            if self.closed:  # opening_gather_each in a later round: the first hole in play after his
                nxt = []
                for h in own:
                    if self.closed >> h & 1:
                        continue  # a hole of his out of play this round
                    q = step[h]  # type: ignore[index]
                    while self.closed >> q & 1:
                        q = step[q]  # type: ignore[index]
                    if q not in own:
                        nxt.append(q | (d << 8))
                self._mv = nxt[:1]
                return
            self._mv = [step[h] | (d << 8) for h in own if step[h] not in own][:1]  # type: ignore[operator]
            return
        if r.opening_hole >= 0 and self.plies == (r.first is None) and b[r.opening_hole & 0xFF]:
            self._mv = [r.opening_hole]  # sow.opening_hole: the game's first sowing
            return
        if r.opening is not None and not self.sown & self.omask[seat]:  # type: ignore[index]
            self._mv = self._opening_moves(seat)  # sow.opening: the set opening
            return
        if r.first_to_next and not self.sown & self.omask[seat]:  # the opening: any hole
            self._mv = [h | (d << 8) for h, d in r.dirs[seat] if b[h]]  # type: ignore[index]
            return
        if self.holes is not self.game.holes_of:  # rounds.holes = "won": the holes he holds now
            mv = [h | (r.one_dir << 8) for h in self.holes[seat] if b[h] >= lo]  # type: ignore[index]
        else:
            mv = [h | (d << 8) for h, d in r.dirs[seat] if b[h] >= lo]  # type: ignore[index]
        if self.closed and r.left_empty == "until-full":  # rounds.left_empty: no sowing from a short hole
            mv = [m for m in mv if not self.closed >> (m & 0xFF) & 1]
        if r.keeps and self.tuz[0] | self.tuz[1]:  # capture.claim_keeps: nobody sows from a wegue
            claimed = self.tuz[0] | self.tuz[1]
            mv = [m for m in mv if not claimed >> (m & 0xFF) & 1]
        if r.leftmost_min:  # sow.leftmost_min: his row's leftmost hole, with too few, as a last resort
            lm = self.game.holes_of[seat][0]  # type: ignore[index]
            if b[lm] < r.leftmost_min:
                others = [m for m in mv if m & 0xFF != lm]
                if others:
                    mv = others
        if r.opening_each and self.sown & self.omask[seat] != self.omask[seat]:  # type: ignore[index]
            mv = [m for m in mv if not self.sown >> (m & 0xFF) & 1]  # each hole once, to begin
        if (r.first_rows is not None and not (self.sown if r.first_game else self.sown & self.omask[seat])  # his first sowing
                and not ((r.won or r.matched) and self.round > 1)):  # holes won or matched: the first round's only
            first = [m for m in mv if m & 0xFF in r.first_rows[seat]]  # type: ignore[index]
            mv = first if first or not r.first_soft else mv  # sow.first_place: unless it is empty
        if r.choose_once or r.first_dir is not None:  # the way the player must sow, if any
            fresh = not self.sown & self.omask[seat]  # type: ignore[index]
            want = r.first_dir if fresh and r.first_dir is not None else self.way[seat]  # type: ignore[index]
            if want is not None:
                mv = [m for m in mv if m >> 8 == want]
        if r.singles_to_empty:
            ahead = self.game.ahead[seat]  # type: ignore[index]
            mv = [m for m in mv if b[m & 0xFF] != 1 or not b[ahead[m >> 8][m & 0xFF][0]]]
        if r.last_own_empty and not (r.first_plain and not self.sown & self.omask[seat]):  # type: ignore[index]
            own, plain = self.own, self.game.plain[seat]  # type: ignore[index]
            keep = []
            for m in mv:  # sow.last_own_empty: where the lap's last seed would fall, as it stands
                p, nxt = m & 0xFF, plain[m >> 8 & 1]
                for _ in range(b[p]):
                    p = nxt[p]
                if own[p] != seat or not b[p]:
                    keep.append(m)
            mv = keep
        if r.singles_last and any(b[m & 0xFF] > 1 for m in mv):
            mv = [m for m in mv if b[m & 0xFF] > 1]
        if r.cw_capture is not None and mv:  # sow11: sow.cw_capture, clockwise where it captures
            mv = mv + self._cw_moves(seat, mv)
        if r.singles_front and self.way[seat] is not None:  # type: ignore[index]
            own = self.holes[seat]  # type: ignore[index]
            front = own[-1] if self.way[seat] == CCW else own[0]  # type: ignore[index]
            if b[front] == 1 and any(b[i] == 1 for i in own if i != front):
                mv = [m for m in mv if m & 0xFF != front]  # sow.singles_front
        if self.marked:  # rounds.rest_from: nobody sows from a puta or naga hole
            mv = [m for m in mv if not self.marked >> (m & 0xFF) & 1]
        if r.choose_count:  # sow.choose_count: k seeds, one up to all but one (move + k << 9)
            mv = [m | (k << 9) for m in mv for k in range(1, b[m & 0xFF])]
        if r.from_store and self.sc[seat]:  # sow.from_store: k of his seeds taken, either way allowed
            ways = sorted({d for _, d in r.dirs[seat]})  # type: ignore[index]
            mv += [(self.game.N + seat) | (d << 8) | (k << 9) for d in ways for k in range(1, self.sc[seat] + 1)]
        if r.moves_hook is not None:  # sow.moves_hook: the moves a Python rule allows
            mv = r.moves_hook(self, seat, mv)
        if r.relay_opposite and self.forced >= 0:  # sow10: after a capture, from the hole after its end
            mv = [m for m in mv if m & 0xFF == self.forced] or mv
        if r.enter and self.hand[seat]:  # type: ignore[index]
            mv.append(("enter",))  # sow.enter: the seeds in hand, one into each hole
        if r.store_own and self.sc[seat]:  # type: ignore[index]  # sow12: sow.store_own
            n = self.sc[seat]  # type: ignore[index]
            mv += [("own", k) for k in (range(1, n + 1) if r.store_own == 2 else (n,))]
        if r.check_moves and mv:
            g = self.game
            opp = self.holes[1 - seat]  # type: ignore[operator]
            hungry = r.feed and (r.feed == "always" or not any(b[i] >= lo for i in opp))
            if not hungry and r.grand_slam != "forbidden":
                self._mv = mv
                return
            quick = r.quick if not hungry and not self.closed else None
            ahead, lap, back = g.ahead[seat], g.lap, 2 if r.first_in_origin else 1  # type: ignore[index]
            where = r.quick_where[seat] if quick is not None else None  # type: ignore[index]
            keep = []
            for m in mv:
                if quick is not None:
                    # Most sowings cannot capture at all: no lap, and the last hole would not
                    # then hold a number the capture rules take. Those need no trial.
                    h = m & 0xFF
                    c = b[h] - (back if b[h] > 1 or r.first_in_origin is True else 1)
                    if c < lap - 1:
                        last = ahead[m >> 8][h][c] if c >= 0 else h
                        if not (where[last] and quick[b[last] + 1]):  # type: ignore[index]
                            keep.append(m)
                            continue
                fed, slam = self._trial(seat, m, opp)
                if hungry and not fed:
                    continue
                if slam and r.grand_slam == "forbidden":
                    continue
                keep.append(m)
            mv = keep
        self._mv = mv

    def _opening_moves(self, seat: int) -> list[int]:
        """``sow.opening``: the moves of the set opening open to ``seat`` (with ``opening_copy``,
        the one the opponent made, if he has made his)."""
        r, b = self.r, self.b
        moves = r.opening[seat]  # type: ignore[index]
        if r.opening_copy:
            theirs = [k for k, (h, _) in enumerate(r.opening[1 - seat]) if self.sown >> h & 1]  # type: ignore[index]
            if theirs:
                moves = (moves[theirs[0]],)
        ways = {h: d for h, d in reversed(r.dirs[seat])}  # type: ignore[index]
        return [h | (ways.get(h, CCW) << 8) for h, to in moves if b[h] == len(to)]

    # -- sow11: sow.cw_capture -------------------------------------------------------------------
    def _cw_takes(self, seat: int, start: int, c: int, lap: int, dropped: int = 0, lift: bool = True) -> bool:
        """Whether ``c`` seeds sown clockwise on from ``start`` (the first into the hole after it;
        lifted from it with ``lift``) end in a lap the ``relay_hook`` captures from (it
        names holes of the opponent's), as the board stands; ``lap`` and ``dropped`` (the seeds
        dropped before this lap) make its ``hook_run``. Changes nothing."""
        g, r, b = self.game, self.r, self.b
        if c <= 0 or (r.no_capture_moves and self.plies - (r.first is None) < r.no_capture_moves):
            return False
        if not r.cw_first and not self.sown & self.omask[seat]:
            return False  # sow.cw_capture_first = false: not in his first sowing
        saved, run, mem = b, self.hook_run, self.hook_mem
        self.b = b = saved[:]
        if lift:
            b[start] -= c
        p, nxt = start, g.plain[seat][CW]
        for _ in range(c):
            p = nxt[p]
            b[p] += 1
        try:
            self.hook_run = (lap, dropped + c)
            if r.cw_test is not None:  # sow.cw_capture_test: a Python rule judges instead
                return bool(r.cw_test(self, seat, p))
            draw = r.relay_hook(self, seat, p)  # type: ignore[misc]
            return bool(draw) and any(self.own[q] != seat for q in draw)
        finally:
            self.b, self.hook_run, self.hook_mem = saved, run, mem

    def _cw_moves(self, seat: int, mv: list) -> list[int]:
        """``sow.cw_capture``: the clockwise sowings open to ``seat``: from his listed holes whose
        anticlockwise sowing is among his moves ``mv``, where the first lap captures."""
        cw = self.r.cw_capture[seat]  # type: ignore[index]
        out = []
        for m in mv:
            h = m & 0xFF if type(m) is int else -1
            if h in cw and m >> 8 == CCW:
                self.hook_run, self.hook_mem = None, None
                if self._cw_takes(seat, h, self.b[h], h):
                    out.append(h | (CW << 8))
        self.hook_run, self.hook_mem = None, None
        return out

    def _trial(self, seat: int, m: int, opp: list[int]) -> tuple[bool, bool]:
        """Whether move ``m`` leaves seeds in the opponent's holes after sowing (feeds), and
        whether its capture would take every seed the opponent has (a grand slam)."""
        saved, sown, r = self.b, self.sown, self.r
        self.b = saved[:]
        try:
            last = self._sow(seat, m & 0xFF, (m >> 8) & 1, m >> 9)
            b = self.b
            left = 0
            for i in opp:
                left += b[i]
            taken = self._captures(seat, m & 0xFF, (m >> 8) & 1, last, sown) if left else None
            slam = False
            if taken:
                got = 0
                for p, c in taken:
                    if self.own[p] != seat:
                        got += c
                slam = got == left
            if r.feed == "always" or r.min > 1:  # fed: the opponent has a move after it all
                tk = dict(taken or ())
                return any(b[i] - tk.get(i, 0) >= r.min for i in opp), slam
            return left > 0, slam
        finally:
            self.b = saved

    # -- playing -----------------------------------------------------------------------------------
    def play(self, move: Any) -> None:
        if type(move) is int:
            self._play_sow(move)
        elif move[0] == "first" and self.round > 1:  # rounds.halves = "lot": the hole left, drawn for
            self.plies += 1
            hole = self._lot_hole()
            own = list(self.own)
            own[hole] = move[1]
            self._set_owners(own)
            self.b[hole], self.hand, self.closed = self.hand[0] + self.hand[1], [0, 0], self.closed & ~(1 << hole)
            self.phase, self.turn, self._mv = PLAY, self.starter, None
            if self.r.repetition:
                self.hist = {(self.turn, *self.b[: self.game.N]): 1}
            self.last_text = f"{self.game.rf.sides[move[1]]} draws hole {self.game.names[hole]}"
        elif move[0] == "first":
            self.plies += 1
            self._begin(move[1])
            self.last_text = f"{self.game.rf.sides[move[1]]} starts (by lot)"
        elif move[0] == "hook":  # sow.prelude_hook: the rule plays its move, then the turn passes
            self.plies += 1
            again = self.r.prelude_hook(self, self.turn, "play", move)  # sow23: True, the mover moves again
            self._mv = None
            self._settle(self.turn, True, bool(again))  # type: ignore[arg-type]
        elif move[0] == "take":
            self._play_take(move[1])
        elif move[0] == "enter":
            self._play_enter()
        elif move[0] == "own":
            self._play_store_own(move[1])
        elif move[0] in ("arr", "pass"):
            self._play_arrange(move)
        elif move[0] == "put" and self.phase == PLACE:
            self._play_place(move[1])
        elif move[0] in ("put", "keep", "rotate"):
            self._play_distribute(move)
        elif move[0] == "grab":
            self._play_grab(move[1])
        elif move[0] == "leave" and self.r.open_empty:  # sow10: sow.open_empty, out of the game
            for h in move[1]:
                self.b[h] = 0
            self.plies += 1
            if self.log:
                self.last_text = "empties " + ",".join(self.game.names[h] for h in move[1])
            self.turn, self._mv = 1 - self.turn, None  # type: ignore[operator]
        elif move[0] == "give":  # sow10: sow.give_one
            seat = self.turn
            to = self.holes[1 - seat][0]  # type: ignore[operator]
            self.b[move[1]] -= 1
            self.b[to] += 1
            self.plies += 1
            if self.log:
                self.last_text = f"gives {self.game.names[move[1]]}-{self.game.names[to]}"
            self._settle(seat, False, False)  # type: ignore[arg-type]
        else:
            self._play_leave(move[1])

    def _play_arrange(self, move: tuple) -> None:
        """``sow.arrange``: one seed moved from hole to hole, or the player's rearranging done."""
        g, r, b, seat = self.game, self.r, self.b, self.turn
        self.plies += 1
        self._mv = None
        if move[0] == "pass":
            if self.log:
                self.last_text = "done"
            if seat == r.first:
                self.turn = 1 - seat  # type: ignore[operator]
                return
            self.phase = PLAY
            self._settle(seat, True, False)  # type: ignore[arg-type]
            return
        p, q = move[1], move[2]
        b[p] -= 1
        b[q] += 1
        if self.log:
            self.last_text = f"{g.names[p]}-{g.names[q]}"
        f = g.facing[q]
        if r.arrange_capture and not self.sc[seat] and b[q] == 1 and f >= 0 and self.own[f] != seat and b[f]:  # type: ignore[index]
            got = b[f]  # sow.arrange_capture: into an empty hole of his inner row, once a game
            b[f] = 0
            behind = g.behind[q]
            if behind >= 0 and b[behind]:
                got += b[behind]
                b[behind] = 0
            self.sc[seat] += got  # type: ignore[index]
            if self.log:
                self.last_text += f" ×{got}"
        if not any(b[i] for i in self.holes[1 - seat]):  # type: ignore[operator]
            self._finish((seat, "no-moves"))  # the opponent has nothing left

    def _play_distribute(self, move: tuple) -> None:
        """``sow.distribute``: one seed put into a hole, or the first player's choice of sides."""
        g, r, b = self.game, self.r, self.b
        self.plies += 1
        self._mv = None
        if move[0] == "put":
            b[move[1]] += 1
            self.hand[self.turn] -= 1  # type: ignore[index]
            if self.log:
                self.last_text = f"+{g.names[move[1]]}"
            if self.hand[self.turn]:  # type: ignore[index]
                return
            if r.dist_rotate:  # the first player chooses next
                self.turn = r.first
                return
        elif move[0] == "rotate":  # each hole's seeds and those of the hole at its place across
            half = g.N // 2
            self.b[: g.N] = b[half: g.N] + b[:half]
            if self.log:
                self.last_text = "turns the board round"
        elif self.log:
            self.last_text = "keeps the board"
        self.phase, self.turn = PLAY, r.first
        if r.dist_cede and move[0] == "rotate":  # sow10: sow.distribute_cede, the other moves first
            self.turn = 1 - r.first  # type: ignore[operator]
        if r.repetition:
            self.hist = {(self.turn, *self.b[: g.N]): 1}

    def _play_place(self, p: int) -> None:
        """``sow.place``: one seed from the mover's hand into one of his holes. Before play the
        players take turns (one whose hand is empty is passed over), and the first player
        begins once both are empty; between rounds (``rounds.holes = "placed"``) only the
        player with fewer seeds places, and when he is done the opponent puts as many into
        each hole facing his, keeping the rest in hand, and the round's starter begins."""
        g, r, b = self.game, self.r, self.b
        seat = self.turn
        b[p] += 1
        self.hand[seat] -= 1  # type: ignore[index]
        self.plies += 1
        self._mv = None
        if self.log:
            self.last_text = f"+{g.names[p]}"
        if self.round == 1 or not r.placed:
            if self.hand[1 - seat]:  # type: ignore[operator]
                self.turn = 1 - seat  # type: ignore[operator]
            if self.hand[0] or self.hand[1]:
                return
        elif self.hand[seat]:  # type: ignore[index]
            return
        else:  # the opponent copies the arrangement into the facing holes
            for i in self.holes[seat]:  # type: ignore[index]
                b[g.facing[i]] = b[i]
                self.hand[1 - seat] -= b[i]  # type: ignore[operator]
        # The first player begins the game (a game not in rounds keeps no starter); the round's
        # starter a round set out by rounds.holes = "placed".
        self.phase, self.turn = PLAY, (r.first if self.round == 1 or not r.placed else self.starter)
        if r.repetition:
            self.hist = {(self.turn, *b[: g.N]): 1}

    def _place_round(self, totals: list[int], starter: int) -> None:
        """``rounds.holes = "placed"``: the board is emptied, every seed in its player's hand,
        and the player with fewer (equal: the one not starting) puts his into his holes as he
        likes (phase ``place``); a player left with none has lost."""
        g, r, b = self.game, self.r, self.b
        for i in range(g.N):
            b[i] = 0
        self.sown = self.closed = 0
        repeated = r.repeat and self.rounds.count(self.rounds[-1]) >= r.repeat
        if min(totals) == 0 or repeated:
            self.sc, self.hand = list(totals), [0, 0]
            a, z = totals
            self._finish((0 if a > z else 1 if z > a else None,
                          ("rounds-repeated" if a != z else "draw") if repeated else "took-every-seed"))
            return
        start = getattr(r.sow_hook, "round_start", None)  # sow19: the sowing rule's own setting out:
        over = start(self, totals, starter) if start is not None else None  # it may end the game, or
        if over is not None:                                                  # close holes (Kiuthi)
            self.sc, self.hand = list(totals), [0, 0]
            self._finish(over)
            return
        self.hand, self.sc = list(totals), [0, 0]
        self.round += 1
        self.starter = starter
        self.hist.clear()
        self._mv = None
        few = 0 if totals[0] < totals[1] else 1 if totals[1] < totals[0] else 1 - starter
        self.phase, self.turn = PLACE, few

    def _play_enter(self) -> None:
        """``sow.enter``: the mover drops the seeds in his hand one into each of his holes."""
        seat = self.turn
        holes = self.holes[seat]  # type: ignore[index]
        n = min(len(holes), self.hand[seat])  # type: ignore[index]
        for p in holes[:n]:
            self.b[p] += 1
        self.hand[seat] -= n  # type: ignore[index]
        self.plies += 1
        if self.log:
            self.last_text = f"enters {n} from hand"
        self._settle(seat, True, False)  # type: ignore[arg-type]

    def _play_store_own(self, k: int) -> None:
        """``sow.store_own`` (sow12): the mover sows ``k`` of the seeds he has taken from his
        row's leftmost hole (the first into it) along his own row, coming round from its right
        end to its left, never into the opponent's row; nothing is taken."""
        seat = self.turn
        row = self.game.holes_of[seat]  # type: ignore[index]
        for i in range(k):
            self.b[row[i % len(row)]] += 1
        self.sc[seat] -= k  # type: ignore[index]
        self.plies += 1
        if self.log:
            self.last_text = f"sows {k} from store"
        self._settle(seat, True, False)  # type: ignore[arg-type]

    def _play_take(self, p: int) -> None:
        """``capture.then_take``: the mover takes the seeds of the opponent's hole ``p``."""
        seat = self.turn
        c = self.b[p]
        self.sc[seat] += c  # type: ignore[index]
        self.b[p] = 0
        self.plies += 1
        self.take_left -= 1
        if self.log:
            self.last_text = f"takes {c} from {self.game.names[p]}"
        if self.take_left and any(self.b[i] for i in self.holes[1 - seat]):  # type: ignore[operator]
            self._mv = None
            return
        self.take_left = 0
        self.phase = PLAY
        self._settle(seat, True, self.r.extra_capture)  # type: ignore[arg-type]

    def _play_sow(self, m: int) -> None:
        g, r = self.game, self.r
        seat = self.turn
        h, d = m & 0xFF, m >> 8
        if h >= g.N and r.from_store:
            self._play_from_store(seat, m)  # type: ignore[arg-type]
            return
        if h >= g.N:
            self._play_store_sow(seat)  # type: ignore[arg-type]
            return
        if r.opening_weg != "none" and not self.sown:  # sow.opening_weg: the round's set opening
            self._play_opening_weg(seat, h)  # type: ignore[arg-type]
            return
        k = m >> 9  # sow.choose_count: the seeds sown (0: all)
        self._covered_now = False
        self.drawn = 0  # sow11: end.ends_taken
        d &= 1
        sown_before = self.sown
        plain = (r.first_plain or r.first_to_next or r.opening is not None) and not self.sown & self.omask[seat]  # type: ignore[index]
        if plain and r.opening is not None:  # sow.opening: one seed into each of the move's holes
            b = self.b
            to = dict(r.opening[seat])[h]  # type: ignore[index]
            b[h] -= len(to)
            for q in to:
                b[q] += 1
            last = to[-1]
        elif plain and r.first_to_next:  # sow.first_to_next: the opening, all into the next hole
            b = self.b
            last = g.plain[seat][d][h]  # type: ignore[index]
            b[last] += b[h]
            b[h] = 0
        elif plain:  # sow.first_plain: the player's first sowing is one lap and takes nothing
            b = self.b
            c, b[h], last = b[h], 0, h
            nxt = g.plain[seat][d]  # type: ignore[index]
            while c:
                last = nxt[last]
                b[last] += 1
                c -= 1
            if r.first_last_across and self.own[last] == seat:  # into the opponent's first hole
                b[last] -= 1
                last = self.holes[1 - seat][0 if d == CCW else -1]  # type: ignore[index]
                b[last] += 1
        elif k and r.choose_count:  # sow.choose_count: k of the hole's seeds, the rest left in it
            self.took = 0
            b = self.b
            b[h] -= k
            last, nxt = h, g.plain[seat][d]  # type: ignore[index]
            while k:
                last = nxt[last]
                b[last] += 1
                k -= 1
            self.lifted = m >> 9
        else:
            self.took = 0
            self.pause = -1
            last = self._sow(seat, h, d, k)  # type: ignore[arg-type]
        if r.choose_once and self.way[seat] is None and not (  # type: ignore[index]
                r.first_dir is not None and not sown_before & self.omask[seat]):  # type: ignore[index]
            self.way[seat] = d  # type: ignore[index]
            if r.dir_shared:  # sow.direction_shared: the first sowing's way binds both
                self.way = [d, d]
        b = self.b
        sc = self.sc
        forfeits = 0
        if r.stores or r.relay_take or r.relay_opposite or r.relay_facing:  # (relay_opposite's, relay_facing's captures)
            for s in (0, 1):
                if b[g.N + s]:
                    sc[s] += b[g.N + s]
                    b[g.N + s] = 0
        raided = freed = again = False
        if r.claims and r.keeps:  # capture.claim_keeps: a last seed in the opponent's wegue takes
            # n of its seeds when it holds n or more, or (claim_keeps_fewer = "all") all it holds
            spared = False
            if r.raid_free and self.tuz[1 - seat] >> last & 1 and not self.raided >> last & 1:  # type: ignore[index]
                self.raided |= 1 << last  # capture.claim_raid_free: the first raid takes nothing
                freed = spared = True  # (the position cannot come back: the repetition count starts afresh)
            elif r.claim_first and self.tuz[1 - seat] >> last & 1 and not self.visited[seat] >> last & 1:  # type: ignore[index,operator]
                self.visited[seat] |= 1 << last  # type: ignore[index]
                spared = True  # capture.claim_first = "spared": the first time, nothing is taken
            mine = r.raid_any and self.tuz[seat] >> last & 1  # type: ignore[index]  # sow12: claim_raid = "any"
            if (not spared and (self.tuz[1 - seat] >> last & 1 or mine)
                    and (b[last] >= r.keeps or (r.keeps_fewer and b[last]))  # type: ignore[index,operator]
                    and not (r.raid_not_left and last == g.holes_of[seat][0])):  # type: ignore[index]
                t = min(r.keeps, b[last])
                b[last] -= t
                sc[seat] += t  # type: ignore[index]
                raided = True
                again = ((r.extra_raid_own and mine)  # sow12: extra_turn.when "raid-own", "raid-leftmost"
                         or (r.extra_raid_left and last == g.holes_of[1 - seat][0]))  # type: ignore[index]
                if self.log:
                    self.took += t
        elif r.claims:  # capture.claim: seeds sown into a tuz go to its holder
            for s in (0, 1):
                t = self.tuz[s]
                p = 0
                while t:
                    if t & 1 and b[p]:
                        sc[s] += b[p]
                        b[p] = 0
                    t >>= 1
                    p += 1
        if self.closed and r.left_empty == "forfeit":
            closed = self.closed
            for p in range(g.N):
                if closed >> p & 1 and b[p]:
                    forfeits += b[p]
                    sc[self.own[p]] += b[p]
                    b[p] = 0
        self._then = 0
        quiet = r.opening_each and sown_before & self.omask[seat] != self.omask[seat]  # type: ignore[index]
        taken = self._captures(seat, h, d, last, sown_before) if r.captures and not plain and not quiet else None  # type: ignore[arg-type]
        if taken and r.grand_slam == "captures-nothing":
            left = 0
            for i in self.holes[1 - seat]:  # type: ignore[operator]
                left += b[i]
            if sum(c for p, c in taken if self.own[p] != seat) == left:
                taken = None
        got = 0
        if taken:
            for p, c in taken:
                b[p] = 0
                got += c
                if r.to_owner:  # capture.to = "owner": each hole's seeds to its owner
                    sc[self.own[p]] += c
            if not r.to_owner:
                sc[seat] += got  # type: ignore[index]
            if r.claims and self._claim:
                self.tuz[seat] |= self._claim  # type: ignore[index]
        elif r.keeps and self._claim > 0:  # capture.claim_keeps: the hole is the mover's, its seeds kept
            self.tuz[seat] |= self._claim  # type: ignore[index]
        elif r.keeps and self._claim < 0:  # capture.claim_last: the opponent's last hole, part taken
            b[last] += self._claim
            sc[seat] -= self._claim  # type: ignore[index]
            got -= self._claim
        if r.take_at and self.during and not plain:  # the holes taken while sowing
            caught = sum(c for _, c in self.during)
            if r.take_at_to == "mover":
                sc[seat] += caught  # type: ignore[index]
            else:  # sow.take_at_to: to the row's owner (the last seed's hole, emptied, the mover's)
                for k, (p, c) in enumerate(self.during):
                    mover_takes = (r.take_at_to == "owner-but-last" and k == len(self.during) - 1
                                   and p == last and not b[p])
                    sc[seat if mover_takes else self.own[p]] += c  # type: ignore[index]
            got += caught
            taken = (taken or []) + self.during
        if r.sweep and got:  # end.sweep: a capture with this few seeds left takes them all
            left = sum(b[: g.N])
            if left + got <= r.sweep:
                for i in range(g.N):
                    b[i] = 0
                sc[seat] += left  # type: ignore[index]
        opened = 0
        if self.closed and r.left_empty == "until-full":  # rounds.left_empty = "until-full": a short
            for p in range(g.N):                           # hole holding refill seeds or more is in play
                if self.closed >> p & 1 and b[p] >= r.refill:
                    opened |= 1 << p
            self.closed &= ~opened
        self.sown = sown_before | (1 << h)
        self.plies += 1
        if self.log:
            text = g.names[h] + (ARROWS[d] if r.arrows else "") + (f"/{m >> 9}" if m >> 9 else "")
            if taken:
                text += " ×" + "+".join(str(c) for _, c in taken)
            if self.took and not plain:  # taken while sowing (relay_take, a hook's draw)
                text += ("+" if taken else " ×") + str(self.took)
            if forfeits:
                text += f" (forfeit {forfeits})"
            self.last_text = text
        # A capture cannot be undone; nor can a first sowing from a hole where captures look at
        # the holes sown from: either clears the count of positions (end.repetition).
        moved = r.uses_moved and self.sown != sown_before
        if self.pause >= 0:  # sow.relay_choice: the turn stays with the mover, to choose
            self._mv = None
            return
        if self._then and any(b[i] for i in self.holes[1 - seat]):  # type: ignore[operator]
            # capture.then_take: the mover goes on to choose the holes he takes.
            self.phase, self.take_left, self._then = TAKE, self._then, 0
            self._mv = None
            return
        if (r.ends_taken is not None and self.drawn & r.ends_taken[1 - seat] == r.ends_taken[1 - seat]
                and not (r.ends_taken[2] and not sown_before & self.omask[seat])):
            self._finish((seat, "ends-taken"))  # sow11: end.ends_taken, both his inner row's end holes
            return
        if r.sow_hook is not None and getattr(r.sow_hook, "again", None) is not None:  # sow19: the sowing
            again = again or bool(r.sow_hook.again(self, seat))  # rule keeps the turn with the mover (Kiuthi)
        self._settle(seat, bool(taken) or bool(forfeits) or moved or self._covered_now or raided or bool(opened) or freed,  # type: ignore[arg-type]
                     (r.extra_capture and bool(taken)) or (r.extra_store and last == g.N + seat)  # type: ignore[operator]
                     or (r.extra_raid and raided) or again)

    def _play_grab(self, p: int) -> None:
        """``sow.relay_choice = "take-opposite"``: the lap's last seed, lifted from hole ``p`` of
        the mover's row, and the seeds of the hole facing it go to his store; the turn ends."""
        g, b, seat = self.game, self.b, self.turn
        f = g.facing[p]
        got = 1 + b[f]
        b[p] -= 1
        b[f] = 0
        self.sc[seat] += got  # type: ignore[index]
        self.pause = -1
        self.plies += 1
        if self.log:
            self.last_text = f"{g.names[p]}>{g.names[f]} ×{got}"
        self._settle(seat, True, False)  # type: ignore[arg-type]

    def _play_from_store(self, seat: int, m: int) -> None:
        """``sow.from_store``: ``k`` of the seeds the mover has taken are sown as from his
        leftmost hole (the first into the hole after it), that hole keeping its own; the capture
        rules then judge the last hole as after any sowing."""
        g, r, b = self.game, self.r, self.b
        d, k = (m >> 8) & 1, m >> 9
        self.sc[seat] -= k
        lm = self.holes[seat][0]  # type: ignore[index]
        nxt = g.plain[seat][d]
        p = lm
        for _ in range(k):
            p = nxt[p]
            b[p] += 1
        taken = self._captures(seat, lm, d, p, self.sown) if r.captures else None
        got = 0
        for q, c in taken or ():
            b[q] = 0
            got += c
        self.sc[seat] += got
        self.plies += 1
        self._mv = None
        if self.log:
            self.last_text = (g.store_names[seat] + (ARROWS[d] if r.arrows else "") + f"/{k}"
                              + (" ×" + "+".join(str(c) for _, c in taken) if taken else ""))
        self._settle(seat, True, r.extra_capture and bool(taken))

    def _opening_weg_pairs(self, seat: int, h0: int) -> tuple[int, list[tuple[int, int]]]:
        """``sow.opening_weg``: the hole that becomes the starter's weg and the (from, to) pairs
        of holes that a counter each goes between, along the track of holes in play from the one
        after his rightmost hole ``h0`` round to ``h0``."""
        nxt, ring, p = self.game.plain[seat][CCW], [], self.game.plain[seat][CCW][h0]  # type: ignore[index]
        while p != h0:
            if not self.closed >> p & 1:
                ring.append(p)
            p = nxt[p]
        ring.append(h0)
        first = 0 if self.r.opening_weg == "next" else 1  # "after-next": Ludii's, the weg hole untouched
        return ring[0], [(ring[k], ring[k + 1]) for k in range(first, len(ring) - 1 - first, 2)]

    def _play_opening_weg(self, seat: int, h0: int) -> None:
        """``sow.opening_weg``: one counter from the starter's rightmost hole ``h0`` is held in
        hand; then every other hole along the track, from the next one round to the last before
        ``h0``, passes one counter to the hole after it (the last pair's into ``h0``), and the held
        counter goes into the hole after ``h0``, which becomes the starter's weg. ``"after-next"``
        (Ludii's reading): the pairs begin at the second hole after ``h0``, nothing is held, and
        the hole after ``h0`` becomes the weg as it stands. Nothing is taken; the turn passes."""
        b = self.b
        weg, pairs = self._opening_weg_pairs(seat, h0)
        if self.r.opening_weg == "next":
            b[h0] -= 1
            b[weg] += 1
        for p, q in pairs:
            if b[p]:
                b[p] -= 1
                b[q] += 1
        self.tuz[seat] |= 1 << weg  # type: ignore[index]
        self.sown |= 1 << h0
        self.plies += 1
        if self.log:
            self.last_text = f"{self.game.names[h0]} opening, weg {self.game.names[weg]}"
        self._settle(seat, True, False)

    def _play_store_sow(self, seat: int) -> None:
        """``sow.store_sow``: the mover lifts every seed of his store and sows them anticlockwise
        from the hole after it, passing over both stores; then every hole of the opponent's
        holding one of ``store_sow_takes`` is taken. Once a game for each player (the store's
        bit in ``sown``)."""
        g, r, b = self.game, self.r, self.b
        c, self.sc[seat] = self.sc[seat], 0
        nxt = g.plain[seat][CCW]
        p = self.holes[seat][-1]
        while c:
            p = nxt[p]
            b[p] += 1
            c -= 1
        got, taken = 0, []
        for i in self.holes[1 - seat]:
            if b[i] in r.store_sow_takes:
                taken.append(b[i])
                got += b[i]
                b[i] = 0
        self.sc[seat] += got
        self.sown |= 1 << (g.N + seat)
        self.plies += 1
        if self.log:
            self.last_text = g.store_names[seat] + (" ×" + "+".join(map(str, taken)) if taken else "")
        self._settle(seat, True, False)

    def _sow(self, seat: int, h: int, d: int, k: int = 0) -> int:
        """Lift hole ``h`` (only ``k`` of its seeds, where a ``sow.moves_hook`` says so) and
        sow; returns the position of the last seed."""
        r, b = self.r, self.b
        if r.sow_hook is not None:  # sow.sow_hook: the whole sowing a Python rule's (sow13)
            self.lifted = b[h]
            if getattr(r.sow_hook, "with_mark", False):  # sow22: the rule reads the move's mark (k)
                return r.sow_hook(self, seat, h, d, k)
            return r.sow_hook(self, seat, h, d)
        c = k or b[h]
        self.lifted = c
        if r.take_at:
            self.during = []
        b[h] -= c
        p = origin = h
        if r.gather and (not self.sown if r.gather_each else self.plies == (r.first is None)) and self.phase == PLAY:
            # sow.opening_gather: n seeds from each of the mover's holes, sown from hole h (the
            # first after his row), its own seeds staying in it
            b[h], c = c, 0
            for q in self.holes[seat]:  # type: ignore[index]
                t = min(r.gather, b[q])
                b[q] -= t
                c += t
            if r.gather_lift:  # sow.opening_gather_lift: hole h's own lifted too, sown from the next
                c += b[h]
                b[h] = 0
            else:
                p = self.game.plain[seat][1 - d][h]  # type: ignore[index]
            self.lifted = c
        if r.first_in_origin and c and (c > 1 or r.first_in_origin is True):  # "unless-single"
            b[h] = 1
            c -= 1
        if r.simple and not self.closed:
            nxt = self.game.plain[seat][d]
            if r.skip_origin:
                while c:
                    p = nxt[p]
                    if p != h:
                        b[p] += 1
                        c -= 1
            else:
                while c:
                    p = nxt[p]
                    b[p] += 1
                    c -= 1
            return p
        g = self.game
        nxt = g.track(seat, d, r.stores, self._skip(seat))
        skip_origin, skip_at, N = r.skip_origin, r.skip_at, g.N
        cover = self.covered if r.cover else 0
        budget = RELAY_CAP * (g.total + 1)
        lap, final = h, False  # the hole this lap was lifted from; whether it is the last lap
        turned = False  # sow11: sow.cw_capture_relay = "once", a relay lap has turned clockwise
        self.hook_mem = None
        taken_before = 0  # sow.take_at_lap: the holes taken before this lap
        at_end = r.take_at_end
        while True:
            if at_end:
                lap_sown = []  # sow.take_at_end: the holes this lap drops a seed into
            passed = 0
            skipped = after = False
            snap = b[:] if r.skip_exact_start else b  # sow.skip_exact_at = "lap-start": as the lap began
            while c:
                p = nxt[p]
                if p == h and skip_origin:
                    skipped = True
                    continue
                if cover and cover >> p & 1:  # sow.cover: a covered hole
                    if self.own[p] == seat:
                        continue  # his own: passed over
                    self.centre += 1  # the opponent's: the seed goes into the central hole
                    c -= 1
                    budget -= 1
                    continue
                if skip_at and b[p] >= skip_at and p < N and passed < N:
                    passed += 1
                    continue
                if r.skip_exact and snap[p] == r.skip_exact and c > 1 and p < N and passed < N:
                    passed += 1  # sow.skip_exact: passed over by every seed but the lap's last
                    continue
                passed = 0
                b[p] += 1
                c -= 1
                budget -= 1
                after, skipped = skipped, False
                if at_end:
                    lap_sown.append(p)
                    continue
                if (r.take_at and p < N and b[p] == r.take_at  # sow.take_at: taken at once
                        and (c or not r.take_at_relay)  # take_at_last = "relay": the last is sown on
                        and (not r.take_at_where or (self.own[p] == seat) == (r.take_at_where == 1))):
                    self.during.append((p, b[p]))
                    b[p] = 0
            if at_end:  # sow.take_at_end: the holes this lap made n are taken as it ends, the last hole's last
                for q in dict.fromkeys(lap_sown):
                    if q != p and q < N and b[q] == r.take_at:
                        self.during.append((q, b[q]))
                        b[q] = 0
                if p < N and b[p] == r.take_at:
                    self.during.append((p, b[p]))
                    b[p] = 0
            if after and r.origin_quirk:
                return h  # sow.past_origin = "origin": judged at the (empty) starting hole
            if final:
                return p  # sow.relay_hook_ends: the drawn seeds' lap was the last
            if r.claims and (self.tuz[0] | self.tuz[1]) >> p & 1:
                return p  # capture.claim: a lap ending in a tuz ends there, never sown on
            if r.opening_next and self.plies == (r.first is None) and self.phase == PLAY:
                # sow10: sow.opening_next, the game's first sowing goes on from the next hole
                q = nxt[p]
                if budget > 0 and q < N and b[q]:
                    c = b[q]
                    b[q] = 0
                    if self.laps is not None:
                        self.laps.append(q)
                    p = lap = q
                    continue
                return p
            if r.relay == "next-occupied":  # sow.relay = "next-occupied": only after an occupied hole
                q = nxt[p]
                if budget > 0 and p < N and b[p] > 1 and q < N and b[q]:
                    c = b[q]
                    b[q] = 0
                    if self.laps is not None:
                        self.laps.append(q)
                    if r.skip_lap:
                        h = q
                    p = lap = q
                    continue
                return p
            if r.relay == "next" and budget > 0:  # the next hole's seeds, if any, sown on
                q = nxt[p]
                while q >= N:  # a store on the track is no hole: the next hole is after it
                    q = nxt[q]
                if q < N and b[q] and r.take_hook is not None:  # sow.take_hook: before the lift
                    moved = self._take(r.take_hook(self, seat, q))
                    if moved and r.take_hook_after:  # Ludii: on from the hole after the last filled
                        q = nxt[moved[-1][1]]
                        if not b[q] and self.laps is not None:
                            self.laps.append(-1)  # none to go on from: Ludii's forced pass
                if q < N and b[q]:
                    c = b[q]
                    b[q] = 0
                    if self.laps is not None:
                        self.laps.append(q)
                    if r.skip_lap:
                        h = q
                    p = lap = q
                    continue
                return p
            if r.take_except and p in r.take_except and b[p] == r.relay_take:
                return p  # sow.relay_take_except: not taken, the sowing ends there
            if self.marked >> p & 1:
                return p  # rounds.rest_from: a puta or naga hole is neither taken nor sown on
            if r.relay_take and p < N and b[p] == r.relay_take and budget > 0:
                if self.log:
                    self.took += b[p]
                b[N + seat] += b[p]  # sow.relay_take: taken (credited after the sowing)
                b[p] = 0
                q = (nxt if r.short_end else g.plain[seat][d])[p]  # rounds.short = "end": past closed holes
                if not b[q]:
                    return q
                c = b[q]
                b[q] = 0
                if self.laps is not None:
                    self.laps.append(q)
                if r.skip_lap:
                    h = q
                p = lap = q
                continue
            if r.relay_hook is not None and p < N and budget > 0 and not (  # none in a quiet opening
                    r.no_capture_moves and self.plies - (r.first is None) < r.no_capture_moves):
                self.hook_run = (lap, RELAY_CAP * (g.total + 1) - budget)
                draw = r.relay_hook(self, seat, p)  # sow.relay_hook: holes drawn into the last
                if draw is None:  # the hook ends the sowing here (no relay)
                    return p
                if draw and r.ends_taken is not None:  # sow11: end.ends_taken, the holes drawn
                    for q in draw:
                        self.drawn |= 1 << q
                if draw and self.log:  # the notation counts the seeds drawn from enemy holes as taken
                    self.took += sum(b[q] for q in draw if self.own[q] != seat)
                if draw and r.relay_hook_taken:  # sow.relay_hook_sows = "taken" (sow12): the holes named
                    for q in draw:  # are the mover's captures; the last hole's seeds alone sow on
                        self.sc[seat] += b[q]  # type: ignore[index]
                        if self.log:
                            self.took += b[q]
                        b[q] = 0
                    c = b[p]
                    b[p] = 0
                    lap = p
                    if self.laps is not None:
                        self.laps.append(p)
                    continue
                if draw and r.relay_hook_drawn:  # sow.relay_hook_sows = "drawn": they alone sow on
                    c = 0
                    for q in draw:
                        c += b[q]
                        b[q] = 0
                    if r.relay_hook_at == 3:  # sow11: "lap-after-relay", Ludii's Mweso
                        q, step = lap, g.plain[seat][CCW]  # one plain lap anticlockwise after the lap's hole
                        while c:
                            q = step[q]
                            b[q] += 1
                            c -= 1
                        c, b[p], lap = b[p], 0, p  # then the capturing hole lifted and sown on
                        if self.laps is not None:
                            self.laps.append(p)
                        continue
                    if r.relay_hook_from:  # "origin" / "lap-origin": from there, and no further
                        p = origin if r.relay_hook_from == 1 else lap
                        step = g.plain[seat][d]
                        while c:
                            p = step[p]
                            b[p] += 1
                            c -= 1
                        return p
                    if r.relay_hook_origin:  # "lap-hole": the first into the lap's own hole
                        p = g.plain[seat][1 - d][lap]
                    elif r.relay_hook_at:  # "lap-after" / "behind": sown on from that hole
                        if r.relay_hook_at == 1:
                            p = lap
                        elif g.facing[p] >= 0:  # the mover's outer hole behind his inner one
                            p = g.behind[g.facing[p]]
                        lap = p
                        if self.laps is not None:
                            self.laps.append(p)
                    if r.cw_capture is not None and d == CW and (turned or not self._cw_takes(
                            seat, p, c, lap, RELAY_CAP * (g.total + 1) - budget, False)):
                        d = CCW  # sow11: sow.cw_capture, captured seeds go clockwise only to capture again
                        nxt = g.track(seat, CCW, r.stores, self._skip(seat))
                    final = r.relay_hook_ends
                    continue
                if draw:
                    for q in draw:
                        b[p] += b[q]
                        b[q] = 0
                    c = b[p]
                    b[p] = 0
                    lap = p
                    if self.laps is not None:
                        self.laps.append(p)
                    if r.skip_lap:
                        h = p
                    continue
            if (r.cover and p < N and b[p] == r.cover and p not in r.cover_except and budget > 0
                    and not self.covered >> p & 1):  # sow.cover: the hole covered, its seeds sown on
                self.covered |= 1 << p
                cover = self.covered
                self._covered_now = True
                c = b[p]
                b[p] = 0
                lap = p
                continue
            if r.take_at_lap and len(self.during) > taken_before and p < N and b[p] > 1:
                if self.laps is not None:
                    self.laps.append(-1)  # Ludii's forced pass: its relay names a hand site
                return p  # sow.take_at_lap: a lap that took a hole ends the sowing
            if r.take_at_lap:
                taken_before = len(self.during)
            if r.relay_opposite and p < N and b[p] == 1:  # sow10: sow.relay_opposite
                f = g.facing[p]
                if budget > 0 and b[f] and not (r.no_capture_moves and self.plies - (r.first is None) < r.no_capture_moves):
                    if self.log:
                        self.took += b[f]
                    b[N + seat] += b[f]  # taken (credited after the sowing), the last seed sown on
                    b[f] = 0
                    c = 1
                    b[p] = 0
                    lap = p
                    if self.laps is not None:
                        self.laps.append(p)
                    continue
                self.forced = nxt[p] if b[N + seat] else -1  # after a capture: the opponent's next start
                return p
            if (r.relay_facing and p < N and b[p] == 1 and self.own[p] == seat and b[g.facing[p]]
                    and budget > 0):  # sow.relay_facing: the facing hole taken, the seed sown on
                if self.log:
                    self.took += b[g.facing[p]]
                b[N + seat] += b[g.facing[p]]  # credited after the sowing, as relay_take's
                b[g.facing[p]] = 0
                if r.relay_facing == 2:  # "stop": the sowing ends there (Ludii's Ansaba)
                    return p
                c, b[p] = 1, 0
                lap = p
                if self.laps is not None:
                    self.laps.append(p)
                continue
            if r.relay and p < N and b[p] > 1 and budget > 0:
                if r.take_at_ends and self.during:  # sow.take_at_ends: a lap that took ends it
                    return p
                ends = r.relay_ends  # sow.relay_ends: a lap making one of these counts ends there
                if ends is not None and r.no_capture_moves and self.plies - (r.first is None) < r.no_capture_moves:
                    ends = None  # constraint.no_capture_moves: no capture to judge, so sown on
                if ends is not None and (b[p] % 2 == 0 if ends == "even" else b[p] % 2 == 1 if ends == "odd"
                                         else b[p] in ends):
                    where = r.relay_ends_where
                    if where == "any" or (self.own[p] == seat) == (where == "own"):
                        return p
                if (r.cw_relay and d == CCW and p in r.cw_capture[seat]  # type: ignore[index]
                        and self._cw_takes(seat, p, b[p], p, RELAY_CAP * (g.total + 1) - budget)):
                    d = CW  # sow11: sow.cw_capture_relay, a relay lap from a listed hole turns to capture
                    turned = r.cw_relay == "once"
                    nxt = g.track(seat, CW, r.stores, self._skip(seat))
                if r.relay_choice and self.own[p] == seat:  # sow.relay_choice: the mover chooses
                    self.pause = p
                    return p
                c = b[p]
                b[p] = 0
                lap = p
                if self.laps is not None:
                    self.laps.append(p)
                if r.skip_lap:
                    h = p
                continue
            return p

    def _skip(self, seat: int) -> int:
        """The holes ``seat``'s sowing passes over: those left empty this round, or with
        ``left_empty = "forfeit"`` only his own (the opponent's take seeds, forfeited)."""
        skip = self.closed
        if self.r.left_empty == "until-full":  # short holes are sown into as any other
            return 0
        if skip and self.r.left_empty == "forfeit":
            skip &= self.omask[seat]
        return skip

    def _captures(self, seat: int, h: int, d: int, last: int, sown_before: int) -> list[tuple[int, int]] | None:
        """What the move's capture takes (not yet taken): ``[(hole, seeds), ...]`` or None."""
        g, b = self.game, self.b
        if self.r.no_capture_moves and self.plies - (self.r.first is None) < self.r.no_capture_moves:
            return None  # constraint.no_capture_moves: the game's first sowings take nothing
        if last >= g.N and not self.r.over_stores:  # (capture.over_stores: judged from a store too)
            return None
        owner = self.own
        if self.r.claims:
            self._claim = 0
            if (self.tuz[0] | self.tuz[1]) >> last & 1:
                return None  # a claimed hole (tuz) is never taken: its seeds go to its holder
        for rule in self.r.captures:
            kind = rule[0]
            if kind == "last":
                _, takes, where, chain, over_empty, moved, through_empty, stop_origin, claim = rule
                c = b[last]
                if not takes[c]:
                    continue
                if where and (owner[last] == seat) != (where == 1):
                    continue
                if claim is not None:  # capture.claim: claim_max tuz a player, not at the excepted
                    n = g.per_row        # places nor (unless claim_twin) across from the opponent's
                    place = last % n     # (the same place in the other row)
                    twin = last + n if last < n else last - n
                    if ((claim[2] and bin(self.tuz[seat]).count("1") >= claim[2]) or place + 1 in claim[0]
                            or (not claim[1] and self.tuz[1 - seat] >> twin & 1)):
                        continue
                if moved != "any":
                    mask = sown_before | (1 << h) if moved == "this-move" else sown_before
                    if not mask >> last & 1:
                        continue
                if self.closed >> last & 1:
                    continue
                if claim is not None and claim[3]:  # capture.claim_keeps: a wegue, seeds kept in it
                    claimed = self.tuz[0] | self.tuz[1]
                    if claim[4] and [i for i in self.holes[1 - seat] if not claimed >> i & 1] == [last]:  # type: ignore[index]
                        self._claim = -min(claim[4], c)  # capture.claim_last: his last hole, part taken
                    else:
                        self._claim = 1 << last
                        if self.r.claim_opposite and not claimed >> g.facing[last] & 1:
                            self._claim |= 1 << g.facing[last]  # capture.claim_opposite: the hole across
                    return []
                if claim is not None:
                    self._claim = 1 << last
                taken = [(last, c)]
                if chain:
                    if chain == 1:
                        nxt = g.plain[seat][1 - d]
                    elif over_empty and self.closed:
                        nxt = g.track(seat, d, False, self._skip(seat))
                    else:
                        nxt = g.plain[seat][d]
                    p = nxt[last]
                    while p != last:
                        c = b[p]
                        if where and (owner[p] == seat) != (where == 1):
                            break
                        if stop_origin and p == h:
                            break
                        if not c and through_empty:
                            p = nxt[p]
                            continue
                        if not takes[c]:
                            break
                        taken.append((p, c))
                        p = nxt[p]
                if self.r.with_facing:  # capture.with_facing: each hole's facing hole too; a
                    got, seen = [], set()  # chain stops at a hole so emptied already
                    for p, c in taken:
                        if p in seen:
                            break
                        got.append((p, c))
                        seen.add(p)
                        f = g.facing[p]
                        if b[f] and f not in seen:
                            got.append((f, b[f]))
                            seen.add(f)
                    taken = got
                return taken
            if kind == "seq":  # capture.first_takes: a player's k-th capture takes exactly so many
                _, takes, where, firsts, prefix = rule
                c, done = b[last], self.sc[seat]
                k = sum(1 for x in prefix[1:] if x <= done)  # captures made, from the seeds taken
                if not (c == firsts[k] if k < len(firsts) else takes[c]):
                    continue
                if where and (owner[last] == seat) != (where == 1):
                    continue
                return [(last, c)]
            if kind == "sown":  # capture.take = "sown": where the last seed fell decides
                _, takes, where, own_last, whole = rule
                ok = (not where or (owner[last] == seat) == (where == 1)
                      or (own_last and last == self.holes[seat][-1]))
                if not ok:
                    continue
                if not whole:  # scope = "last": the last hole only
                    if takes[b[last]]:
                        return [(last, b[last])]
                    continue
                nxt, q, k, seen = g.plain[seat][d], h, self.lifted, []
                if self.r.first_in_origin and k and (k > 1 or self.r.first_in_origin is True):
                    k -= 1
                while k > 0:
                    q = nxt[q]
                    if q == h and self.r.skip_origin:
                        continue
                    if q not in seen:
                        seen.append(q)
                    k -= 1
                taken = [(q, b[q]) for q in seen if owner[q] != seat and takes[b[q]]]
                if taken:
                    return taken
                continue
            if kind == "after":  # the hole after the last, and on, while they hold the counts
                _, takes, fwd = rule
                nxt, taken = g.plain[seat][d], []
                q = nxt[last]
                while q != last and takes[b[q]]:
                    taken.append((q, b[q]))
                    if not fwd:
                        break
                    q = nxt[q]
                if taken:
                    return taken
                continue
            if last >= g.N and kind != "beyond":  # capture.over_stores: a last seed in a store
                continue
            if kind == "beyond":  # the hole after the last is empty: the one after that
                if rule[2] and b[last] <= 1:
                    continue  # capture.beyond_after = "occupied": the last hole held counters
                nxt = g.track(seat, d, self.r.stores, self._skip(seat))
                if self.r.over_stores:  # capture.over_stores: the stores are no holes, passed over
                    if last >= g.N:  # a last seed in a store: judged as from the hole before it
                        skip = self._skip(seat)
                        last = next(p for p in range(g.N) if nxt[p] == last and not skip >> p & 1)
                    nxt = [q if q < g.N else nxt[q] for q in nxt]
                q, taken = nxt[last], []
                while q < g.N and not b[q] and q != last:
                    t = nxt[q]
                    if t >= g.N or not b[t] or t == last:
                        break
                    taken.append((t, b[t]))
                    if not rule[1]:
                        break
                    q = nxt[t]
                if taken:
                    return taken
                continue
            if kind == "all":  # every hole then holding one of the counts, where allowed
                _, takes, where = rule
                closed = self.closed
                taken = [(p, b[p]) for p in range(g.N) if takes[b[p]] and not closed >> p & 1
                         and (not where or (owner[p] == seat) == (where == 1))]
                if taken:
                    return taken
                continue
            if kind == "opposite":
                _, least, with_last, both, side, into_any, then_take = rule
                if (b[last] != 1 and not into_any and not (b[last] == 0 and self.r.origin_quirk)) or (side != "any" and (owner[last] == seat) != (side == "own")):
                    continue
                f = g.facing[last]
                if both == "behind":  # only the hole behind the facing one, when that is empty
                    p = g.behind[last]
                    if f < 0 or owner[f] == seat or b[f] or p < 0 or not b[p] or b[p] < least:
                        continue
                    taken = [(p, b[p])]
                    if with_last:
                        taken.append((last, 1))
                    self._then = then_take
                    return taken
                if both == "either":  # the facing hole and the one behind it, whichever hold seeds
                    if f < 0 or owner[f] == seat:
                        continue
                    taken = [(p, b[p]) for p in (f, g.behind[last]) if p >= 0 and b[p]]
                    if sum(c for _, c in taken) < least:
                        continue
                    if with_last:
                        taken.append((last, 1))
                    self._then = then_take
                    return taken
                if f < 0 or (side == "own" and owner[f] == seat) or b[f] < least:
                    continue
                taken = [(f, b[f])]
                if both and g.behind[last] >= 0 and b[g.behind[last]]:
                    taken.append((g.behind[last], b[g.behind[last]]))
                if with_last:
                    taken.append((last, 1))
                self._then = then_take
                return taken
            taken = rule[1](self, seat, h, last, d)
            if taken:
                if rule[2]:  # capture.claim on a hook's rule: every hole it takes is claimed
                    for p, _ in taken:
                        self._claim |= 1 << p
                return [(p, c) for p, c in taken]
        return None

    def _settle(self, seat: int, irreversible: bool, again: bool) -> None:
        """After ``seat``'s move: a target reached, the next player (or a pass), the end of the
        game or round when nobody can move, and the repetition count."""
        r = self.r
        if r.target and max(self.sc) >= r.target:
            w = 0 if self.sc[0] >= r.target else 1
            self._finish((w, "target"))
            return
        if r.empty_row_wins:  # end.empty_row = "wins": the mover first, should both be empty
            for w in (seat, 1 - seat):
                if not any(self.b[i] for i in self.holes[w]):
                    self._finish((w, "empty-row"))
                    return
        if r.empty_row_loses:  # sow10: end.empty_row = "loses", the mover judged first
            for w in (seat, 1 - seat):
                if not any(self.b[i] for i in self.holes[w]):
                    self._finish((1 - w, "empty-row"))
                    return
        if r.empty_row_ends:  # end.empty_row = "ends": a row left empty ends the game or round
            weg = (self.tuz[0] | self.tuz[1]) if r.keeps else 0  # capture.claim_keeps: wegs are not his to sow
            for w in (seat, 1 - seat):
                if not any(self.b[i] for i in self.holes[w] if not weg >> i & 1):
                    self._end(r.stalled if r.no_moves in ("pass", "loses") else r.no_moves, seat, w, "empty-row")
                    return
        if ((r.holes_at_most is not None and max(self.b[: self.game.N]) <= r.holes_at_most)
                or (r.seeds_at_most is not None and sum(self.b[: self.game.N]) <= r.seeds_at_most)):
            self._end(r.holes_at_most_seeds, seat, 1 - seat, "few-seeds")
            return
        nxt = seat if again else 1 - seat
        if r.outer_empty and self._outer_empty():
            return
        self.turn = nxt
        self._mv = None
        if r.take_hook is not None:  # sow.take_hook: the captures that begin his turn
            self.started = self._take(r.take_hook(self, nxt, -1))
            if r.outer_empty and self._outer_empty():
                return
        self._gen()
        if not self._mv:
            if r.no_moves == "pass":
                self.turn = 1 - nxt
                self._mv = None
                self._gen()
                if not self._mv:
                    self._end(r.stalled, seat, nxt, "no-moves")
                    return
                if self.log:
                    self.last_text += f"; {self.game.rf.sides[nxt]} passes"
            elif r.no_moves == "loses":  # the player who cannot move has lost (or drawn)
                draw = bool(r.loses_draw) and self.sc[nxt] >= r.loses_draw
                self._finish((None, "draw") if draw else (1 - nxt, "no-moves"))
                return
            else:
                self._end(r.no_moves, seat, nxt, "no-moves")
                return
        if r.repetition:
            if irreversible:
                self.hist.clear()
            key = (self.turn, *self.b[: self.game.N])
            n = self.hist.get(key, 0) + 1
            self.hist[key] = n
            if n >= r.repetition:
                self._end(r.repetition_seeds, seat, self.turn, "repetition")  # type: ignore[arg-type]
                return
        if r.move_limit and self.plies >= r.move_limit and self.phase == PLAY:  # end.move_limit
            self._end(r.repetition_seeds, seat, self.turn, "move-limit")  # type: ignore[arg-type]

    def _end(self, mode: str, last_mover: int, blocked: int, reason: str) -> None:
        """The game (or round) ends with seeds on the board: ``mode`` says whose they are."""
        g, b = self.game, self.b
        taken = [0, 0]
        if self.r.keeps:  # capture.claim_keeps: each wegue's seeds go to its holder; the claims lapse
            for s in (0, 1):
                for i in range(g.N):
                    if self.tuz[s] >> i & 1:
                        taken[s] += b[i]
                        b[i] = 0
            self.tuz = [0, 0]
            self.raided = 0
            self.visited = [0, 0]
        if mode != "nobody":
            for i in range(g.N):
                c = b[i]
                if c:
                    who = (self.own[i] if mode == "owner" else last_mover if mode == "last-mover"
                           else 1 - blocked if mode == "other" else blocked)
                    taken[who] += c
                    b[i] = 0
        self._mv = []
        if self.r.points:  # sow10: end.points
            self._points_round(taken)
            return
        if self.r.rounds:
            self._end_round(taken, reason, last_mover)
            return
        self.sc[0] += taken[0]
        self.sc[1] += taken[1]
        a, z = self.sc
        self._finish((0 if a > z else 1 if z > a else None, ("most-seeds" if a != z else "draw")
                      if reason != "repetition" else ("repetition" if a != z else "draw")))

    def _points_round(self, taken: list[int]) -> None:
        """sow10: ``end.points``: the round is over; the player with more seeds scores the
        difference; at the target he has won, else the next round begins as the game did."""
        sc = [self.sc[s] + taken[s] for s in (0, 1)]
        if sc[0] != sc[1]:
            w = 0 if sc[0] > sc[1] else 1
            self.points[w] += sc[w] - sc[1 - w]
            if self.points[w] >= self.r.points:
                self.sc = sc
                self._finish((w, "points"))
                return
        fresh = self.game.new_sim(self.options)
        self.b, self.sc, self.hand = fresh.b, fresh.sc, fresh.hand
        self.phase, self.turn, self.sown = fresh.phase, fresh.turn, 0
        self.round += 1
        self.hist.clear()
        self._mv = None

    def _finish(self, over: tuple[int | None, str]) -> None:
        self.over = over
        self.phase = OVER
        self.turn = None
        self._mv = []
        self.hist.clear()
        w = over[0]
        if self.log:
            self.last_text += ("; draw" if w is None else f"; {self.game.rf.sides[w]} wins") + f" {self.sc[0] + self.hand[0]}-{self.sc[1] + self.hand[1]}"

    # -- rounds ------------------------------------------------------------------------------------
    def _begin(self, first: int) -> None:
        """The first round (or the game) begins with ``first`` to move."""
        g = self.game
        self.phase, self.turn, self.starter = PLAY, first, first
        self.round = 1
        self._mv = None
        if self.r.rounds:
            half = g.N // 2
            self.rounds = [(sum(self.b[:half]) + self.hand[0] + self.sc[0], sum(self.b[half:g.N]) + self.hand[1] + self.sc[1], first)]
        if self.r.repetition:
            self.hist = {(first, *self.b[: g.N]): 1}
        if self.r.take_hook is not None:  # sow.take_hook: the captures that begin his turn
            self._take(self.r.take_hook(self, first, -1))

    def _take(self, moves: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """``sow.take_hook``: the seeds of each ``from`` hole moved into ``to``."""
        b = self.b
        for f, t, *n in moves:  # (from, to), or (from, to, seeds) to move only so many
            c = min(n[0], b[f]) if n else b[f]
            b[t] += c
            b[f] -= c
        return moves

    def _outer_empty(self) -> bool:
        """``end.outer_empty = "loses"``: the game is over if a seat's outer row is empty."""
        g = self.game
        for s in (0, 1):
            row = 0 if s == 0 else 3
            if not any(self.b[i] for i in g.holes_of[s] if g.row_of[i] == row):
                self._finish((1 - s, "outer-row-empty"))
                return True
        return False

    def _end_round(self, taken: list[int], reason: str, last_mover: int | None = None) -> None:
        g, r = self.game, self.r
        totals = [self.sc[s] + self.hand[s] + taken[s] for s in (0, 1)]
        starter = 1 - self.starter  # type: ignore[operator]
        if r.starts == "after-last" and last_mover is not None:  # the player after the round's last mover
            starter = 1 - last_mover
        if r.starts in ("fewer", "more"):  # the player with fewer (more) seeds; equal: the first seat
            starter = (0 if totals[0] <= totals[1] else 1) if r.starts == "fewer" else (0 if totals[0] >= totals[1] else 1)
        if r.starts == "turn-order" and last_mover is not None:
            # The turn order goes on through the refill: from the player after the last mover,
            # each in turn fills one hole or passes, until both pass; the next player starts.
            first = 1 - last_mover
            fills = (self._won_counts(totals)[0] if r.won
                     else [min(len(self.holes[s]), -(-totals[s] // r.refill) if r.left_empty == "until-full"
                               else (totals[s] - r.round_store) // r.refill) for s in (0, 1)])  # until-full: the short hole too
            starter = first if fills[1 - first] >= fills[first] else 1 - first
        key = (totals[0], totals[1], starter)
        self.rounds.append(key)
        if self.log:
            self.last_text += f"; round over {totals[0]}-{totals[1]}"
        if r.round_limit and self.round >= r.round_limit:  # rounds.limit: the last round played
            self.sc = [self.sc[0] + taken[0], self.sc[1] + taken[1]]
            for i in range(g.N):
                self.b[i] = 0
            self.sown = self.closed = 0
            a, z = totals
            self._finish((0 if a > z else 1 if z > a else None, "round-limit" if a != z else "draw"))
            return
        if r.won:
            self._share_holes(totals, starter)
            return
        if r.matched:
            self._match_holes(totals, starter)
            return
        if r.placed:
            self._place_round(totals, starter)
            return
        if r.equal:
            self._share_equal(totals, starter)
            return
        least = 1 if r.left_empty == "until-full" else r.refill  # until-full: a player with any seed plays on
        least += r.round_store  # rounds.store: his store's seeds first
        if min(totals) < least or (r.repeat and self.rounds.count(key) >= r.repeat):
            self.sc = [self.sc[0] + taken[0], self.sc[1] + taken[1]]
            for i in range(g.N):
                self.b[i] = 0
            self.sown = self.closed = 0
            if min(totals) < least:
                loser = 0 if totals[0] < least else 1
                self._finish((1 - loser, "cannot-fill-a-hole"))
            else:
                a, z = totals
                self._finish((0 if a > z else 1 if z > a else None, "rounds-repeated" if a != z else "draw"))
            return
        chooser = None
        short_closed = 0
        for s in (0, 1):
            holes = self.holes[s]
            filled = min(len(holes), (totals[s] - r.round_store) // r.refill)
            if filled == len(holes):
                for i in holes:
                    self.b[i] = r.refill
                self.hand[s] = (totals[s] - r.round_store) - filled * r.refill
            elif r.short in ("right", "left"):  # rounds.short: filled in order from one end
                order = list(holes)[::-1] if r.short == "right" else list(holes)
                closed = 0
                for k, i in enumerate(order):
                    self.b[i] = r.refill if k < filled else 0
                    if k >= filled:
                        closed |= 1 << i
                self.hand[s] = (totals[s] - r.round_store) - filled * r.refill
                if r.left_empty == "until-full" and self.hand[s]:  # the rest into the next hole, short
                    self.b[order[filled]], self.hand[s] = self.hand[s], 0
                short_closed = closed if r.left_empty != "sow" else 0
            else:
                for i in holes:
                    self.b[i] = 0
                chooser = s
                self.hand[s] = totals[s] - r.round_store
        if r.richer_equal and totals[0] != totals[1]:  # rounds.richer = "equal": the richer's
            rich = 0 if totals[0] > totals[1] else 1   # holes hold as many seeds each as may be
            per = totals[rich] // len(self.holes[rich])
            if per >= r.refill:
                for i in self.holes[rich]:
                    self.b[i] = per
                self.hand[rich] = totals[rich] - per * len(self.holes[rich])
        self.sc = [r.round_store, r.round_store]  # rounds.store: each store's seeds, set first
        self.sown = 0
        self.closed = short_closed
        if r.dir_shared:  # sow.direction_shared: each round's way is chosen anew
            self.way = [None, None]
        self.marked = 0
        self.round += 1
        self.starter = starter
        self.hist.clear()
        self._mv = None
        if chooser is not None:
            self.phase, self.turn = LEAVE, chooser
        else:
            self.phase, self.turn = PLAY, starter
            if r.left_empty == "until-full":  # a starter with only short holes passes at once
                self._gen()
                if not self._mv:
                    self.turn, self._mv = 1 - starter, None
            if r.repetition:
                self.hist[(self.turn, *self.b[: g.N])] = 1

    def _share_holes(self, totals: list[int], starter: int) -> None:
        """``rounds.holes = "won"``: each player fills ``refill`` seeds a hole, from his rightmost
        hole leftwards; the player with more goes on into the opponent's row, from its left end
        (the holes the opponent cannot fill). A remainder of ``round_up`` or more fills one more
        hole, the opponent ceding the seeds it lacks from his own remainder; a hole nobody fills
        is left empty for the round (``closed``), the remainders kept in hand. A player who
        fills no hole has lost."""
        g, r = self.game, self.r
        fill = r.refill
        count, left = self._won_counts(totals)
        b = self.b
        for i in range(g.N):
            b[i] = 0
        self.sown = 0
        repeated = r.repeat and self.rounds.count(self.rounds[-1]) >= r.repeat
        if min(count) == 0 or repeated:  # one player cannot fill a single hole: he has lost
            self.sc, self.hand, self.closed = list(totals), [0, 0], 0
            self._set_owners(list(g.owner))
            if repeated:
                a, z = totals
                self._finish((0 if a > z else 1 if z > a else None, "rounds-repeated" if a != z else "draw"))
            else:
                self._finish((1 if count[0] == 0 else 0, "cannot-fill-a-hole"))
            return
        order = _fill_order(g.N // 2, g.rows == 3)
        short = 0 if count[0] <= count[1] else 1
        if g.rows == 3:  # three rows: the next round's starter fills first, the other the holes left
            short = starter
        mine = [[], []]
        mine[short] = order[short][: count[short]]
        mine[1 - short] = [i for i in order[1 - short] if i not in mine[short]][: count[1 - short]]
        own = list(g.owner)
        closed = 0
        for s in (0, 1):
            for i in mine[s]:
                own[i] = s
                b[i] = fill
        for i in range(g.N):
            if i not in mine[0] and i not in mine[1]:
                closed |= 1 << i
        self._set_owners(own)
        self.hand = left
        self.sc = [0, 0]
        self.closed = closed
        self._next_round(starter)
        if r.halves_lot and left == [fill // 2, fill // 2] and self._lot_hole() >= 0:
            self.phase, self.turn = LOT, None  # rounds.halves = "lot": the hole left is drawn for

    def _lot_hole(self) -> int:
        """``rounds.halves = "lot"``: the hole drawn for, the next the player with more holes
        would fill (-1: none left)."""
        g = self.game
        count = [sum(1 for i in h if not self.closed >> i & 1) for h in self.holes]
        rich = 1 if count[0] <= count[1] else 0
        return next((i for i in _fill_order(g.N // 2, g.rows == 3)[rich] if self.closed >> i & 1), -1)

    def _next_round(self, starter: int) -> None:
        """The next round begins, the board set: ``starter`` to move, its start remembered for
        ``end.repetition``."""
        self.round += 1
        self.starter = starter
        self.hist.clear()
        self._mv = None
        self.phase, self.turn = PLAY, starter
        if self.r.repetition:
            self.hist[(starter, *self.b[: self.game.N])] = 1

    def _match_holes(self, totals: list[int], starter: int) -> None:
        """``rounds.holes = "matched"``: the player with fewer seeds puts ``refill`` into each of
        his holes in order (hole order: along the track from his row's left end), the last
        hole taking what is left; the other puts the same into his holes at the same places; the
        rest of his seeds are kept in hand (his winnings, still his). A player left with no seed
        has lost; with ``repeat``, the n-th round to start alike ends the game, more seeds winning."""
        g, r = self.game, self.r
        b = self.b
        for i in range(g.N):
            b[i] = 0
        self.sown = self.closed = 0
        if min(totals) == 0:  # one player has taken every seed
            self.sc, self.hand = list(totals), [0, 0]
            self._finish((1 if totals[0] == 0 else 0, "took-every-seed"))
            return
        if r.repeat and self.rounds.count(self.rounds[-1]) >= r.repeat:  # rounds.repeat
            self.sc, self.hand = list(totals), [0, 0]
            a, z = totals
            self._finish((0 if a > z else 1 if z > a else None, "rounds-repeated" if a != z else "draw"))
            return
        poor = 0 if totals[0] <= totals[1] else 1
        n, j = totals[poor], 0
        if r.rest == "spread":  # rounds.rest = "spread": full holes from one end (short), the remainder
            # one seed a hole into the next holes; a player with one seed or none has lost
            if n <= 1:
                self.sc, self.hand = list(totals), [0, 0]
                self._finish((1 - poor, "cannot-fill-a-hole"))
                return
            order = list(range(len(g.holes_of[poor])))
            if r.short == "right":
                order.reverse()
            k, m = divmod(n, r.refill)
            counts = [r.refill] * min(k, len(order))
            left = n - sum(counts)
            free = len(order) - len(counts)
            if free:
                counts += [left // free + (1 if j < left % free else 0) for j in range(min(left, free))]
            for j, c in zip(order, counts):
                b[g.holes_of[poor][j]] = b[g.holes_of[1 - poor][j]] = c
            self.hand = [0, 0]
            self.hand[1 - poor] = totals[1 - poor] - n
            self.sc = [0, 0]
            self._next_round(starter)
            return
        if r.rest == "lend":  # rounds.rest = "lend": only full holes; a remainder of one goes to the
            # other player, of more than half a hole is made up by the other's seeds (lent or ceded)
            k, m = divmod(n, r.refill)
            k += 2 * m >= r.refill
            if k == 0:  # he cannot fill a single hole: he has lost
                self.sc, self.hand = list(totals), [0, 0]
                self._finish((1 - poor, "cannot-fill-a-hole"))
                return
            for j in range(min(k, len(g.holes_of[poor]))):
                b[g.holes_of[poor][j]] = b[g.holes_of[1 - poor][j]] = r.refill
            self.hand = [0, 0]
            self.hand[1 - poor] = sum(totals) - 2 * r.refill * min(k, len(g.holes_of[poor]))
            self.sc = [0, 0]
            self._next_round(starter)
            return
        while n:
            c = min(r.refill, n)
            b[g.holes_of[poor][j]] = b[g.holes_of[1 - poor][j]] = c
            n -= c
            j += 1
        self.hand = [0, 0]
        self.hand[1 - poor] = totals[1 - poor] - totals[poor]
        self.sc = [0, 0]
        self._next_round(starter)

    def _share_equal(self, totals: list[int], starter: int) -> None:
        """``rounds.arrange = "equal"``: the player with fewer seeds (the first seat, if equal)
        spreads them over his holes as equally as possible, the holes from his left getting the
        odd ones; the opponent puts the same in the facing holes, the rest kept in hand. With
        ``four`` seeds or fewer (``EQUAL_FEW``), one to a hole from his left, and the holes left
        empty in both rows are out of play for the round. A player left with none has lost."""
        g, r, b = self.game, self.r, self.b
        for i in range(g.N):
            b[i] = 0
        self.sown = 0
        self.tuz = [0, 0]
        self.raided = 0
        few = 0 if totals[0] <= totals[1] else 1
        repeated = r.repeat and self.rounds.count(self.rounds[-1]) >= r.repeat
        if totals[few] == 0 or repeated:
            self.sc, self.hand, self.closed = list(totals), [0, 0], 0
            a, z = totals
            self._finish((0 if a > z else 1 if z > a else None,
                          ("rounds-repeated" if a != z else "draw") if repeated else "took-all"))
            return
        holes = g.holes_of[few]
        t, n = totals[few], len(holes)
        closed = 0
        for k, i in enumerate(holes):
            c = t // n + (1 if k < t % n else 0)
            b[i] = b[g.facing[i]] = c
            if not c and t <= EQUAL_FEW:
                closed |= 1 << i | 1 << g.facing[i]
        self.hand = [totals[s] - sum(b[i] for i in g.holes_of[s]) for s in (0, 1)]
        self.sc = [0, 0]
        self.closed = closed
        self._next_round(starter)

    def _won_counts(self, totals: list[int]) -> tuple[list[int], list[int]]:
        """``rounds.holes = "won"``: the holes each player fills, and the seeds he keeps in hand."""
        r = self.r
        fill = r.refill
        count = [t // fill for t in totals]
        left = [t - k * fill for t, k in zip(totals, count)]
        if r.halves and fill % 2 == 0 and left == [fill // 2, fill // 2]:  # rounds.halves = "weaker":
            weak = 0 if totals[0] < totals[1] else 1  # the weaker is given the other's half and fills one more
            count[weak] += 1
            left = [0, 0]
        for s in (0, 1):
            if r.round_up and left[s] >= r.round_up and left[1 - s] >= fill - left[s]:
                count[s] += 1
                left[1 - s] -= fill - left[s]
                left[s] = 0
        if r.round_up_pair and left[0] + left[1] >= fill:  # sow10: the poorer fills the last hole
            s = 0 if totals[0] <= totals[1] else 1
            count[s] += 1
            left[1 - s] -= fill - left[s]
            left[s] = 0
        return count, left

    def _set_owners(self, own: list[int]) -> None:
        """The holes' owners (``rounds.holes = "won"``); the game's own lists when unchanged."""
        g = self.game
        if own == g.owner:
            self.own, self.holes, self.omask = g.owner, g.holes_of, g.own_mask
            return
        self.own = own
        self.holes = [[i for i in range(g.N) if own[i] == s] for s in (0, 1)]
        self.omask = [_mask(h) for h in self.holes]

    def _play_leave(self, holes: tuple[int, ...]) -> None:
        g, r = self.game, self.r
        seat = self.turn
        own = self.holes[seat]  # type: ignore[index]
        closed = 0
        for i in own:
            if i in holes:
                closed |= 1 << i
            else:
                self.b[i] = r.refill
                self.hand[seat] -= r.refill  # type: ignore[index]
        self.closed = closed if r.left_empty != "sow" else 0  # "sow": ordinary empty holes
        if r.short_end and r.dir_shared:  # the round is sown towards the holes left empty
            d = CCW if own[-1] in holes else CW
            self.way = [d, d]
        rest = self.hand[seat] % r.refill  # type: ignore[index]
        if r.rest_from and self.round >= r.rest_from and rest and holes:
            # rounds.rest_from: the remainder goes into the next hole (a puta, naga or wala of
            # one, two or three); the opponent lifts as many from the hole facing it into his
            # store; a puta or naga hole is neither sown from nor taken this round
            q = holes[0] if own[-1] in holes else holes[-1]
            self.b[q] = rest
            self.hand[seat] -= rest  # type: ignore[index]
            self.closed &= ~(1 << q)
            f = g.facing[q]
            t = min(rest, self.b[f])
            self.b[f] -= t
            self.hand[1 - seat] += t  # type: ignore[index]
            if rest < 3:
                self.marked |= 1 << q
        self.plies += 1
        self.phase, self.turn = PLAY, self.starter
        self._mv = None
        self.last_text = "leave " + ",".join(g.names[h] for h in holes) + " empty"
        if r.repetition:
            self.hist = {(self.turn, *self.b[: g.N]): 1}

    # -- JSON -------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        g, r = self.game, self.r
        names = g.names
        board: dict[str, list] = {names[i]: [self.own[i] if g.counters else None, "seed", c]  # sow17: owners = "counters"
                                  for i, c in enumerate(self.b[: g.N]) if c}
        if g.n_stores and getattr(r.sow_hook, "store_slots", False):  # sow22: the stores hold the
            for s in (0, 1):  # counters the sowing rule keeps in them (b[N + s]), listed even when empty
                board[g.store_names[s]] = [s, "seed", self.b[g.N + s]]
        elif g.n_stores:
            for s in (0, 1):
                if self.sc[s]:
                    board[g.store_names[s]] = [s, "seed", self.sc[s]]
        data: dict[str, Any] = {
            "key": g.key, "variant": g.key, "options": self.options, "to_move": self.turn, "phase": self.phase,
            "turn": self.plies, "board": board, "hands": [{"seed": n} if n else {} for n in self.hand],
            "scores": list(self.sc), "pending": {"take": self.take_left} if self.phase == TAKE else ({"relay": names[self.pause]} if self.pause >= 0 else None),
            "throw": None,
            "over": None if self.over is None else {"winner": self.over[0], "how": self.over[1]},
        }
        if r.repetition:
            data["history"] = [[n, k[0], *k[1:]] for k, n in self.hist.items()]
        if r.choose_once:
            data["directions"] = [None if w is None else DIR_NAMES[w] for w in self.way]
        if r.rest_from:
            data["marked"] = [names[i] for i in range(g.N) if self.marked >> i & 1]
        if r.claims:
            data["tuz"] = [[names[i] for i in range(g.N) if t >> i & 1] for t in self.tuz]
        if r.raid_free:
            data["raided"] = [names[i] for i in range(g.N) if self.raided >> i & 1]
        if r.claim_first:
            data["visited"] = [[names[i] for i in range(g.N) if t >> i & 1] for t in self.visited]
        if r.uses_moved or r.rounds:
            data["sown"] = [names[i] for i in range(g.N) if self.sown >> i & 1]
            if r.store_sow:  # sow.store_sow: the stores already sown back
                data["sown"] += [g.store_names[s] for s in (0, 1) if self.sown >> (g.N + s) & 1]
        if r.won:
            data["owned"] = [[names[i] for i in h] for h in self.holes]
        if r.cover:
            data["covered"] = [names[i] for i in range(g.N) if self.covered >> i & 1]
            data["centre"] = self.centre
        if r.relay_opposite and self.forced >= 0:  # sow10: sow.relay_opposite
            data["from"] = names[self.forced]
        if self.memo:  # sow18: a hook's memory
            data["memo"] = self.memo
        if r.points:  # sow10: end.points
            data["points"] = list(self.points)
            data["round"] = self.round
        shut = getattr(r.sow_hook, "closed_holes", None)
        if shut is not None and not r.rounds:  # the sowing rule's own holes out of play, for the board
            data["closed"] = [names[i] for i in range(g.N) if shut(self) >> i & 1]
        if r.rounds:
            data["closed"] = [names[i] for i in range(g.N) if self.closed >> i & 1]
            data["round"] = self.round
            data["starter"] = self.starter
            data["rounds"] = [list(k) for k in self.rounds]
        return data


def _fill_order(n: int, track: bool = False) -> list[list[int]]:
    """``rounds.holes = "won"``: the order each seat fills holes in, from his rightmost hole
    leftwards along his row, then on into the opponent's row from its left end (as the
    opponent sees it): South's n..1 then n+1..2n, North's 2n..n+1 then 1..n (0-based here).
    On three rows (``track``) each fills along the track from his row's leftmost hole, in the
    direction of play, on into the opponent's holes: South's 1..2n, North's n+1..2n then 1..n;
    the player who starts the next round fills first, the other the holes left."""
    if track:
        return [list(range(2 * n)), list(range(n, 2 * n)) + list(range(n))]
    return [list(range(n - 1, -1, -1)) + list(range(n, 2 * n)),
            list(range(2 * n - 1, n - 1, -1)) + list(range(0, n))]


def _mask(holes: list[int]) -> int:
    m = 0
    for i in holes:
        m |= 1 << i
    return m


# -- reading a state ----------------------------------------------------------------------------------
FIELDS = ("key", "variant", "options", "to_move", "phase", "turn", "board", "hands", "scores", "pending", "throw",
          "over", "history", "sown", "closed", "round", "starter", "rounds", "directions", "tuz", "owned",
          "covered", "centre",
          "points", "from",  # sow10: end.points; sow.relay_opposite
          "raided", "visited")
FIELDS = FIELDS + ("marked",)  # rounds.rest_from (sow8)
FIELDS = FIELDS + ("memo",)  # sow18: a hook's memory


def _two_lists(data: Mapping[str, Any], key: str, what: str) -> list:
    """A state field listing something for each of the two seats (``tuz``, ``visited``)."""
    value = data[key]
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(x, list) for x in value)):
        raise InvalidState(f"{key}: must list {what}, got {brief(value)}")
    return value


def _count(value: Any, where: str, lo: int = 0, hi: int = 10**6) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{where}: must be a whole number, got {brief(value)}")
    if value < lo:
        raise InvalidState(f"{where}: is negative ({value})" if lo == 0 else f"{where}: must be at least {lo}, got {value}")
    if value > hi:
        raise InvalidState(f"{where}: must be at most {hi}, got {value}")
    return value


def _seat(value: Any, where: str) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise InvalidState(f"{where}: must be a seat, 0 or 1, got {brief(value)}")
    return value


def _holes(g: SowGame, value: Any, where: str) -> int:
    if not isinstance(value, list):
        raise InvalidState(f"{where}: must list hole names, got {brief(value)}")
    mask = 0
    for k, name in enumerate(value):
        if not isinstance(name, str) or name not in g.index:
            raise InvalidState(f"{where}[{k}]: no hole {brief(name)} (holes 1..{g.N})")
        mask |= 1 << g.index[name]
    return mask


def _read(g: SowGame, data: Mapping[str, Any], options: dict[str, Any]) -> SowSim:
    for name in data:
        if name not in FIELDS:
            raise InvalidState(f"{name}: not a field of a sowing state (known: {', '.join(FIELDS)})")
    for name in ("key", "variant"):
        if data.get(name, g.key) != g.key:
            raise InvalidState(f"{name}: this is {g.key}, the state says {brief(data.get(name))}")
    r = g.rules_for(options)
    sim = SowSim(g, options, r)
    if "board" not in data:
        raise InvalidState('board: missing (each non-empty hole as "3": [null, "seed", count])')
    board = data["board"]
    if not isinstance(board, Mapping):
        raise InvalidState('board: must map hole names to [null, "seed", count]')
    sim.b = [0] * (g.N + 2)
    stores: dict[int, int] = {}
    owners: dict[int, int] = {}  # sow17: board.owners = "counters", whose counters lie in each hole
    for name, value in board.items():
        where = f"board.{name}" if isinstance(name, str) else "board"
        if not (isinstance(value, list) and len(value) == 3 and value[1] == "seed"):
            raise InvalidState(f"{where}: must be [owner, \"seed\", count], got {brief(value)}")
        if name in g.index:
            if g.counters:
                owners[g.index[name]] = _seat(value[0], f"{where}[0]")
            elif value[0] is not None:
                raise InvalidState(f"{where}: a hole's seeds belong to nobody (null), got {brief(value[0])}")
            sim.b[g.index[name]] = _count(value[2], f"{where}[2]")
        elif g.n_stores and name in g.store_names:
            s = g.store_names.index(name)
            if value[0] != s:
                raise InvalidState(f"{where}: the store is seat {s}'s, got owner {brief(value[0])}")
            stores[s] = _count(value[2], f"{where}[2]")
            if getattr(r.sow_hook, "store_slots", False):  # sow22: counters in play, not seeds taken
                sim.b[g.N + s] = stores.pop(s)
        else:
            known = f"1..{g.N}" + (", s1, s2" if g.n_stores else "")
            raise InvalidState(f"board: no hole {brief(name)} on this board ({known})")
    if g.counters:  # sow17: an empty hole is nobody's
        sim._set_owners([owners[i] if sim.b[i] else -1 for i in range(g.N)] + [0, 1])
    scores = data.get("scores")
    if scores is None:
        sim.sc = [stores.get(0, 0), stores.get(1, 0)]
    else:
        if not (isinstance(scores, list) and len(scores) == 2):
            raise InvalidState(f"scores: must list two counts, got {brief(scores)}")
        sim.sc = [_count(scores[s], f"scores[{s}]") for s in (0, 1)]
        for s, n in stores.items():
            if n != sim.sc[s]:
                raise InvalidState(f"board.{g.store_names[s]}: the store holds {n} but scores[{s}] is {sim.sc[s]}")
    hands = data.get("hands", [{}, {}])
    if not (isinstance(hands, list) and len(hands) == 2 and all(isinstance(h, Mapping) for h in hands)):
        raise InvalidState(f"hands: must list two tables such as {{\"seed\": 3}}, got {brief(hands)}")
    for s, h in enumerate(hands):
        for k, v in h.items():
            if k != "seed":
                raise InvalidState(f"hands[{s}].{brief(k)}: the only kind is seed")
            sim.hand[s] = _count(v, f"hands[{s}].seed")
        if sim.hand[s] and not r.rounds and not r.enter and not r.dist and not r.place and r.prelude_hook is None:  # sow23
            raise InvalidState(f"hands[{s}]: no seeds are kept in hand in this game")
    if r.cover:  # sow.cover: the covered holes (empty) and the central hole's seeds
        sim.covered = _holes(g, data.get("covered", []), "covered")
        for i in range(g.N):
            if sim.covered >> i & 1 and (sim.b[i] or i in r.cover_except):
                raise InvalidState(f"covered: hole {g.names[i]} " + ("holds seeds" if sim.b[i] else "cannot be covered"))
        sim.centre = _count(data.get("centre", 0), "centre")
    else:
        for name in ("covered", "centre"):
            if name in data:
                raise InvalidState(f"{name}: no hole is covered in this game")
    total = sum(sim.b) + sum(sim.sc) + sum(sim.hand) + sim.centre
    expect = g.total_seeds() + r.dist_seeds  # sow.distribute: the pool put in
    if r.open_empty:  # sow10: sow.open_empty, the holes emptied before play are out of the game
        expect -= sum(r.open_empty) * g.tables["setup"].static("seeds") * min(2, _count(data.get("turn", 0), "turn", 0, 10**9))
    if total != expect:
        raise InvalidState(f"board: the holes, scores and hands hold {total} seeds, not {expect}")
    pending = data.get("pending")
    if data.get("phase") == TAKE:
        if not (isinstance(pending, Mapping) and set(pending) == {"take"}):
            raise InvalidState('pending: must be {"take": n} in phase "take" (the holes still to take)')
        sim.take_left = _count(pending["take"], "pending.take", 1, 100)
        if not any(c[0] == "opposite" and c[6] for c in r.captures):
            raise InvalidState("phase: no holes are taken by choice in this game (capture.then_take)")
    elif r.relay_choice and isinstance(pending, Mapping) and set(pending) == {"relay"} and data.get("phase", PLAY) == PLAY:
        sim.pause = _holes(g, [pending["relay"]], "pending.relay").bit_length() - 1  # sow.relay_choice
        if sim.pause < 0 or sim.b[sim.pause] < 2:
            raise InvalidState("pending.relay: the hole where the mover chooses must hold two seeds or more")
    elif pending is not None:
        raise InvalidState('pending: must be null in a sowing game, but in phase "take"')
    if data.get("throw") is not None:
        raise InvalidState("throw: must be null in a sowing game")
    sim.plies = _count(data.get("turn", 0), "turn", 0, 10**9)
    phase = data.get("phase", PLAY)
    if phase not in (LOT, PLAY, LEAVE, TAKE, OVER, ARRANGE, DISTRIBUTE, PLACE):
        raise InvalidState(f'phase: must be "lot", "play", "leave_empty", "take", "arrange", "distribute", "place" or "over", got {brief(phase)}')
    if phase == PLACE and not r.place:
        raise InvalidState("phase: nobody places seeds from his hand in this game (sow.place)")
    if phase == DISTRIBUTE and not r.dist:
        raise InvalidState("phase: nobody puts the seeds in before play in this game (sow.distribute)")
    if phase == DISTRIBUTE and sim.hand[r.first]:
        raise InvalidState(f"hands[{r.first}]: the first player keeps no seeds in hand")
    if sim.hand[1 - r.first if r.first is not None else 0] and r.dist and phase != DISTRIBUTE:
        raise InvalidState("hands: the seeds in hand are all put in before play (sow.distribute)")
    if phase == ARRANGE and not r.arrange:
        raise InvalidState("phase: nobody rearranges his seeds in this game (sow.arrange)")
    if phase == LOT and r.first is not None and not r.halves_lot:
        raise InvalidState("phase: no lot is drawn in this game (who starts is fixed)")
    if phase == LEAVE and not r.rounds:
        raise InvalidState("phase: no holes are left empty in a game without rounds")
    sim.phase = phase
    over = data.get("over")
    if (over is None) != (phase != OVER):
        raise InvalidState('over: must be {"winner", "how"} once the phase is "over", and null before')
    if over is not None:
        if not (isinstance(over, Mapping) and set(over) == {"winner", "how"} and isinstance(over["how"], str) and over["how"]):
            raise InvalidState(f'over: must be {{"winner": seat or null, "how": "..."}}, got {brief(over)}')
        w = over["winner"] if over["winner"] is None else _seat(over["winner"], "over.winner")
        sim.over = (w, over["how"])
    if "owned" in data:  # rounds.holes = "won": who holds each hole this round
        owned = data["owned"]
        if not r.won:
            raise InvalidState("owned: the holes do not change hands in this game")
        if not (isinstance(owned, list) and len(owned) == 2 and all(isinstance(h, list) for h in owned)):
            raise InvalidState(f"owned: must list each seat's holes, got {brief(owned)}")
        own = list(g.owner)
        seen: set[str] = set()
        for s, names in enumerate(owned):
            for name in names:
                if name not in g.names[: g.N] or name in seen:
                    raise InvalidState(f"owned[{s}]: {brief(name)} is not a hole, or is listed twice")
                seen.add(name)
                own[g.names.index(name)] = s
        if len(seen) != g.N:
            raise InvalidState("owned: every hole is someone's")
        sim._set_owners(own)
    # sown, closed, rounds
    if "sown" in data:
        if not (r.uses_moved or r.rounds):
            raise InvalidState("sown: this game keeps no record of the holes sown from")
        sown = data["sown"]
        stores_sown = 0
        if r.store_sow and isinstance(sown, list):  # sow.store_sow: the stores already sown back
            stores_sown = sum(1 << (g.N + s) for s in (0, 1) if g.store_names[s] in sown)
            sown = [x for x in sown if x not in g.store_names]
        sim.sown = _holes(g, sown, "sown") | stores_sown
    if r.rounds:
        sim.closed = _holes(g, data.get("closed", []), "closed")
        for i in range(g.N):
            if sim.closed >> i & 1:
                if sim.b[i] >= (r.refill if r.left_empty == "until-full" else 1):
                    raise InvalidState(f"closed: hole {g.names[i]} was left empty but holds {sim.b[i]} seeds")
                if sim.sown >> i & 1:
                    raise InvalidState(f"sown: hole {g.names[i]} was left empty, so nobody sowed from it")
        cut = getattr(r.sow_hook, "round_start", None) is not None  # sow19: the sowing rule closes holes
        if sim.closed & g.own_mask[0] and sim.closed & g.own_mask[1] and not r.won and not cut:
            raise InvalidState("closed: only one player can be short of seeds in a round")
        for s in (0, 1):
            if sim.closed and sim.closed & g.own_mask[s] == g.own_mask[s] and r.left_empty != "until-full":
                raise InvalidState(f"closed: seat {s} has left every hole empty, so the game is over")
            if sim.closed & g.own_mask[s] and sim.hand[s] >= r.refill and not cut:
                raise InvalidState(f"hands[{s}]: seat {s} keeps {sim.hand[s]} seeds in hand, enough to fill a hole it left empty")
        sim.round = _count(data.get("round", 1), "round", 1, 10**6)
        starter = data.get("starter")
        sim.starter = None if starter is None else _seat(starter, "starter")
        if sim.starter is None and phase != LOT:
            raise InvalidState("starter: who started this round is needed once the game has begun")
        rounds = data.get("rounds", [])
        if not isinstance(rounds, list):
            raise InvalidState("rounds: must list [seeds of seat 0, of seat 1, starter] for each round")
        for k, entry in enumerate(rounds):
            if not (isinstance(entry, list) and len(entry) == 3):
                raise InvalidState(f"rounds[{k}]: must be [seeds of seat 0, of seat 1, starter]")
            a, z, s = _count(entry[0], f"rounds[{k}][0]"), _count(entry[1], f"rounds[{k}][1]"), _seat(entry[2], f"rounds[{k}][2]")
            if a + z != g.total_seeds():
                raise InvalidState(f"rounds[{k}]: the two players' seeds add up to {a + z}, not {g.total_seeds()}")
            sim.rounds.append((a, z, s))
        if phase != OVER and r.repeat and sim.rounds and max(sim.rounds.count(k) for k in sim.rounds) >= r.repeat:
            raise InvalidState("rounds: a round has started alike often enough that the game is over")
    else:
        for name in ("closed", "round", "starter", "rounds"):
            if name == "closed" and getattr(r.sow_hook, "closed_holes", None) is not None:
                continue  # the sowing rule's own, checked against its memory below
            if name in data and not (name == "round" and r.points):  # sow10: end.points counts rounds
                raise InvalidState(f"{name}: this game is not played in rounds")
    if "marked" in data:  # rounds.rest_from: the puta and naga holes
        if not r.rest_from:
            raise InvalidState("marked: no hole is marked in this game")
        sim.marked = _holes(g, data["marked"], "marked")
    if "memo" in data:  # sow18: a hook's memory, an int
        sim.memo = _count(data["memo"], "memo")
    shut = getattr(r.sow_hook, "closed_holes", None)
    if shut is not None and not r.rounds and "closed" in data:  # a listing, not a second record
        listed = _holes(g, data["closed"], "closed")
        if listed != shut(sim):
            held = ", ".join(g.names[i] for i in range(g.N) if shut(sim) >> i & 1) or "none"
            raise InvalidState(f"closed: the holes out of play are the game's own ({held}), not those listed")
    if r.points:  # sow10: end.points, each seat's points and the round
        pts = data.get("points", [0, 0])
        if not (isinstance(pts, list) and len(pts) == 2):
            raise InvalidState(f"points: must list two counts, got {brief(pts)}")
        sim.points = [_count(pts[k], f"points[{k}]") for k in (0, 1)]
        sim.round = _count(data.get("round", 1), "round", 1, 10**6)
    elif "points" in data:
        raise InvalidState("points: this game is not played to a points target")
    if "from" in data:  # sow10: sow.relay_opposite, the hole the next sowing must be from
        if not r.relay_opposite or not isinstance(data["from"], str) or data["from"] not in g.index:
            raise InvalidState(f"from: names no hole the next sowing must start from here, got {brief(data['from'])}")
        sim.forced = g.index[data["from"]]
    if "directions" in data:
        ways = data["directions"]
        if not r.choose_once:
            raise InvalidState("directions: nobody chooses a direction for the game here")
        if not (isinstance(ways, list) and len(ways) == 2 and all(w in (None, "ccw", "cw") for w in ways)):
            raise InvalidState(f'directions: must list each seat\'s way, "ccw", "cw" or null, got {brief(ways)}')
        sim.way = [None if w is None else DIR_NAMES.index(w) for w in ways]
    if "tuz" in data:
        if not r.claims:
            raise InvalidState("tuz: nobody claims holes in this game")
        for s, names in enumerate(_two_lists(data, "tuz", "each seat's claimed holes")):
            for name in names:
                if name not in g.names[: g.N] or (sim.tuz[0] | sim.tuz[1]) >> g.names.index(name) & 1:
                    raise InvalidState(f"tuz[{s}]: {brief(name)} is not a hole, or is claimed twice")
                t = g.names.index(name)
                if sim.b[t] and not r.keeps:
                    raise InvalidState(f"tuz[{s}]: hole {name} is claimed, so it holds no seeds between moves")
                sim.tuz[s] |= 1 << t
    if "raided" in data:  # capture.claim_raid_free: the wegues raided once already
        if not r.raid_free:
            raise InvalidState("raided: no wegue is raided for nothing first in this game")
        sim.raided = _holes(g, data["raided"], "raided")
        if sim.raided & ~(sim.tuz[0] | sim.tuz[1]):
            raise InvalidState("raided: only a claimed hole (tuz) is raided")
    if "visited" in data:
        if not r.claim_first:
            raise InvalidState("visited: no wegue is spared on the first visit in this game")
        for s, names in enumerate(_two_lists(data, "visited", "for each seat, the opponent's wegues it has found")):
            for name in names:
                if name not in g.names[: g.N] or not sim.tuz[1 - s] >> g.names.index(name) & 1:
                    raise InvalidState(f"visited[{s}]: {brief(name)} is not a wegue of the opponent's")
                sim.visited[s] |= 1 << g.names.index(name)
    # who moves
    to_move = data.get("to_move")
    if phase in (LOT, OVER):
        if to_move is not None:
            raise InvalidState(f"to_move: must be null in phase {phase!r}")
        sim.turn = None
        if phase == LOT and r.halves_lot and sim.round > 1:  # rounds.halves = "lot": a hole drawn for
            if not sim.closed or sim.hand != [r.refill // 2] * 2 or any(sim.sc) or sim.sown:
                raise InvalidState("phase: a lot is drawn only for the one hole left where each player has half a hole over")
        elif phase == LOT and (any(sim.sc) or any(sim.hand) or sim.b[: g.N] != g.start_counts() or sim.sown
                             or sim.closed or sim.rounds or data.get("history")):
            raise InvalidState("phase: the lot is drawn before the game begins, on the starting position")
    else:
        sim.turn = _seat(to_move, "to_move")
    if phase == LEAVE:
        seat = sim.turn
        filled = min(len(g.holes_of[seat]), sim.hand[seat] // r.refill)
        if not 1 <= filled < len(g.holes_of[seat]) or any(sim.b[i] for i in g.holes_of[seat]):
            raise InvalidState(f"hands[{seat}]: seat {seat} has no holes to choose to leave empty here")
        if any(sim.sc) or sim.sown or sim.closed:
            raise InvalidState("phase: nothing is sown or taken before the holes are chosen")
    # history
    if "history" in data:
        if not r.repetition:
            raise InvalidState("history: this game does not count repeated positions")
        hist = data["history"]
        if not isinstance(hist, list):
            raise InvalidState("history: must list [times, to_move, counts...] entries")
        for k, entry in enumerate(hist):
            if not (isinstance(entry, list) and len(entry) == g.N + 2):
                raise InvalidState(f"history[{k}]: must be [times, to_move, then {g.N} counts]")
            n = _count(entry[0], f"history[{k}][0]", 1, 10**6)
            key = (_seat(entry[1], f"history[{k}][1]"), *(_count(c, f"history[{k}][{j + 2}]") for j, c in enumerate(entry[2:])))
            if key in sim.hist:
                raise InvalidState(f"history[{k}]: the position is listed twice")
            sim.hist[key] = n
    if phase == PLAY and r.repetition:
        key = (sim.turn, *sim.b[: g.N])
        if key not in sim.hist:
            sim.hist[key] = 1
        if sim.hist[key] >= r.repetition:
            raise InvalidState(f"history: the position has come round {sim.hist[key]} times, so the game is over")
    elif sim.hist and phase != TAKE:  # (a take's capture clears it once the takes are made)
        raise InvalidState(f"history: only a position being played has a history, not phase {phase!r}")
    if phase == PLAY:
        sim._gen()
        if not sim._mv:
            raise InvalidState(f"to_move: seat {sim.turn} has no move here, so the game would not wait for it")
    return sim


def compile(rf: RulesFile) -> SowGame:  # noqa: A001 - the mechanic protocol's name
    return SowGame(rf)
