"""Play a combat on the board with every die outcome, and compare it with the exact odds.

A :class:`Case` names two fleets as the odds read them, the sides' factions and options,
and what the board's scenario gives each player (technologies, cards, trade goods). The
board plays the tactical action from its start: every die any step rolls is branched on
(each class of faces that the dice's values tell apart, with its chance), every choice is
made as the odds assume (the options used where and when they say, the suggested
casualties, no retreat), and the combat's states are a Markov chain whose absorbing
chances are solved exactly (a round that changes nothing comes back to its state). What
comes out is what ``engine.api.odds`` answers: the three results and each side's
survivors.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.api import odds
from engine.core.dice import Dice, DiceExhausted
from engine.core.events import Event
from engine.core.scenario import build
from engine.core.state import Game
from engine.odds.graded import key_of, parse_pieces
from engine.odds.labels import fleet_label
from engine.odds.parts import Piece
from engine.ti4 import flow
from engine.ti4.abilities import ABILITIES
from engine.ti4.records import tactical_of

PROBE = 60
"""Dice a probe rolls past the branch point: more than any one step rolls."""


@dataclass(frozen=True)
class Case:
    """A combat the board plays and the odds answer: ``ability`` is the one it covers.

    ``attacker``/``defender`` are fleets as the odds read them; ``red``/``blue`` what the
    scenario adds to each player (``technologies``, ``action_cards``, ``trade_goods``...);
    ``planet``: the front planet's scenario entry additions (ground: where the defender's
    units stand); ``faces``: die faces beyond each die's value that the case's abilities
    tell apart (9 for J.N.S. Hylarim, ``-1`` for a die missing by one).
    """

    ability: str
    attacker: str
    defender: str
    ground: bool = False
    attacker_faction: str | None = None
    defender_faction: str | None = None
    attacker_options: tuple[str, ...] = ()
    defender_options: tuple[str, ...] = ()
    red: dict[str, Any] = field(default_factory=dict)
    blue: dict[str, Any] = field(default_factory=dict)
    laws: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()
    system: dict[str, Any] = field(default_factory=dict)
    # The last round an option names: rounds after it are alike (their states merge).
    named: int = 0
    # The attacker's ships start next door and move in (a card played after a move).
    moves: bool = False
    # A side ("attacker", "defender") that retreats after round ``named`` (to the home
    # system, where it controls a planet), as the odds' ``rounds`` and ``retreat`` say.
    retreat: str = ""

    def options_of(self, player: str) -> tuple[str, ...]:
        return self.attacker_options if player == "red" else self.defender_options


def _counts(text: str, faction: str | None) -> tuple[dict[str, int], list[str]]:
    """A fleet's units as a scenario's counts, and the unit types it upgrades."""
    counts: dict[str, int] = defaultdict(int)
    upgrades: list[str] = []
    for piece in parse_pieces(text, faction):
        unit, _, grade = piece.type.partition("|")
        counts[unit] += 1
        if "ii" in grade.split() and unit not in upgrades:
            upgrades.append(unit)
    return dict(counts), upgrades


def scenario(case: Case) -> dict[str, Any]:
    """The board of ``case``: both fleets in the front system, Red active; the defender's
    structures and, in an invasion, ground forces on its planet Blue controls."""
    players = []
    space: dict[str, dict[str, int]] = {}
    ground: dict[str, dict[str, int]] = {}
    for pid, n, fleet, faction, extra in (
        ("red", 1, case.attacker, case.attacker_faction, case.red),
        ("blue", 2, case.defender, case.defender_faction, case.blue),
    ):
        counts, upgrades = _counts(fleet, faction)
        entry: dict[str, Any] = {"id": pid, "initiative": n, "tactic": 3, "fleet": 8}
        if faction:
            entry["faction"] = faction
        entry["upgrades"] = sorted({*upgrades, *extra.get("upgrades", [])})
        entry.update({k: v for k, v in extra.items() if k != "upgrades"})
        players.append(entry)
        for unit, count in counts.items():
            structure = unit in ("pds", "space_dock")
            on_planet = structure or (pid == "blue" and case.ground)
            (ground if on_planet else space).setdefault(pid, {})[unit] = count
    planet = {"name": "Front", "resources": 2, "influence": 2, "controller": "blue"}
    front: dict[str, Any] = {"id": "front", "q": 1, "r": 0, "planets": [planet]}
    home: dict[str, Any] = {"id": "home", "q": 0, "r": 0}
    if case.retreat:
        owner = "red" if case.retreat == "attacker" else "blue"
        home["planets"] = [{"name": "Haven", "controller": owner}]
    if case.moves and "red" in space:
        home["space"] = {"red": space.pop("red")}
    if space:
        front["space"] = space
    if ground:
        front["ground"] = {"Front": dict(ground)}
    front.update(case.system)
    return {
        "title": f"one model: {case.ability}",
        "players": players,
        "systems": [home, front],
        "start": {"phase": "tactical_action", "active_player": "red"},
        **({"laws": list(case.laws)} if case.laws else {}),
    }


# --- choosing as the odds assume --------------------------------------------------------


def _round(game: Game) -> int:
    tactical = tactical_of(game)
    combat = tactical.combat if tactical else None
    return combat.round if combat else 0


def _uses(case: Case, choice: dict[str, Any], game: Game) -> bool:
    """Whether the odds use an offered ability now: its holder names it among the side's
    options, in this round if it names rounds."""
    holder = choice["player"]
    named = {o.partition(":")[0]: o.partition(":")[2] for o in case.options_of(holder)}
    if choice["ability"] not in named:
        # An ability the decider's opponent holds and the decider resolves (Assault Cannon).
        other = "blue" if holder == "red" else "red"
        return choice["ability"] in {o.partition(":")[0] for o in case.options_of(other)}
    rounds = named[choice["ability"]]
    if not rounds or not rounds.replace(",", "").isdigit() or ABILITIES[choice["ability"]].amount:
        return True  # an amount (repairs, trade goods) is bounded by what the board holds
    return _round(game) in {int(r) for r in rounds.split(",")}


def _retreats(case: Case, game: Game, choice: dict[str, Any]) -> bool:
    """Whether the case's retreating side announces its retreat now (in its last round)."""
    side = "red" if case.retreat == "attacker" else "blue"
    return bool(case.retreat) and choice["player"] == side and _round(game) == case.named


def pick(case: Case, game: Game, choices: list[dict[str, Any]]) -> dict[str, Any]:
    """The choice the odds assume among ``choices``."""
    kinds = {c["kind"] for c in choices}
    tactical = tactical_of(game)
    # Space cannon offense fires in a space combat; in an invasion only the defense does.
    fire = not case.ground or (tactical is not None and tactical.step == "invasion")
    if "ability" in kinds:
        uses = [c for c in choices if c["use"]]
        declines = [c for c in choices if not c["use"]]
        if uses and (not declines or _uses(case, uses[0], game)):
            return uses[0]
        return declines[0]
    plan: list[tuple[str, Callable[[dict[str, Any]], bool]]] = [
        ("assign_hits", lambda c: True),
        ("remove_excess", lambda c: True),
        ("activate", lambda c: c["system"] == "front"),
        ("move", lambda c: True),
        ("end_movement", lambda c: True),
        ("space_cannon", lambda c: c["fire"] == fire),
        ("announce_retreat", lambda c: _retreats(case, game, c)),
        ("no_retreat", lambda c: True),
        ("roll", lambda c: True),
        ("bombard", lambda c: True),
        ("commit", lambda c: True),
        ("skip", lambda c: True),
    ]
    for kind, wanted in plan:
        for choice in choices:
            if choice["kind"] == kind and wanted(choice):
                return choice
    raise AssertionError(f"no planned choice among {sorted(kinds)}")


# --- branching on dice --------------------------------------------------------------------


def _dice_rolled(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    return [r for e in events for r in e.data.get("rolls", ())]


def _classes(value: int, faces: tuple[int, ...]) -> list[tuple[int, float]]:
    """Faces 1-10 in classes no comparison of the case tells apart: (a face, its chance)."""
    cuts = {value, *(value + f if f < 0 else f for f in faces)}
    edges = sorted(c for c in cuts if 2 <= c <= 10)
    starts = [1, *edges]
    ends = [*(e - 1 for e in edges), 10]
    return [(s, (e - s + 1) / 10) for s, e in zip(starts, ends, strict=True) if e >= s]


def outcomes(
    case: Case, game: Game, choice: dict[str, Any]
) -> list[tuple[float, Game, tuple[Event, ...]]]:
    """Every way applying ``choice`` can go, each die branched on its classes of faces."""
    found: list[tuple[float, Game, tuple[Event, ...]]] = []

    def branch(prefix: tuple[int, ...], chance: float) -> None:
        try:
            after, events = flow.apply(replace(game, dice=Dice(script=prefix)), choice)
        except DiceExhausted:
            probe, events = flow.apply(
                replace(game, dice=Dice(script=prefix + (1,) * PROBE)), choice
            )
            rolled = _dice_rolled(events)
            assert len(rolled) == probe.dice.rolls, "every die rolled is reported in an event"
            for face, p in _classes(int(rolled[len(prefix)]["value"]), case.faces):
                branch((*prefix, face), chance * p)
            return
        assert len(_dice_rolled(events)) == after.dice.rolls, "every die is reported"
        found.append((chance, replace(after, dice=Dice()), events))

    branch((), 1.0)
    return found


# --- the chain of states ----------------------------------------------------------------

Outcome = tuple[str, str, str]
"""A combat's end: its result, the attacker's survivors, the defender's (as labels)."""


def _label(units: list[dict[str, Any]]) -> str:
    return fleet_label(Piece(key_of(u["type"], u["grade"]), u["damaged"]) for u in units)


def _ended(game: Game, events: tuple[Event, ...]) -> Outcome | None:
    retreat = next((e for e in events if e.kind == "retreat"), None)
    if retreat is not None:  # what retreated, and what stays
        mover, to = retreat.data["player"], retreat.data["to"]
        gone = [
            {"type": u.type, "grade": u.grade, "damaged": u.damaged}
            for u in game.system(to).space
            if u.owner == mover and u.spec.is_ship
        ]
        stays = [
            {"type": u.type, "grade": u.grade, "damaged": u.damaged}
            for u in game.system("front").space
            if u.owner != mover and u.spec.is_ship
        ]
        red, blue = (gone, stays) if mover == "red" else (stays, gone)
        return "retreated", _label(red), _label(blue)
    for event in events:
        if event.kind == "combat_end":
            left = event.data["left"]
            winner = event.data["winner"]
            result = {"red": "attacker_wins", "blue": "defender_wins", None: "both_destroyed"}
            return result[winner], _label(left["red"]), _label(left["blue"])
    return None


def _past(game: Game) -> bool:
    tactical = tactical_of(game)
    return tactical is None or tactical.step in ("production", "end_of_action")


def _no_combat(case: Case, game: Game) -> Outcome:
    """No combat was fought (space cannon or bombardment left a side with nothing): what
    each side has there."""
    front = game.system("front")
    place = front.planet("Front").units if case.ground else front.space
    kept = [
        [
            {"type": u.type, "grade": u.grade, "damaged": u.damaged}
            for u in place
            if u.owner == p and (u.spec.is_ground_force if case.ground else u.spec.is_ship)
        ]
        for p in ("red", "blue")
    ]
    # Neither side left (a bombardment took the defenders, space cannon defense the
    # invaders): both destroyed, as the odds count it.
    result = "attacker_wins" if kept[0] and not kept[1] else "defender_wins"
    if not kept[0] and not kept[1]:
        result = "both_destroyed"
    return result, _label(kept[0]), _label(kept[1])


def _key(case: Case, game: Game) -> Game:
    """A state as the chain knows it: no log, no dice, rounds past the named ones alike."""
    tactical = tactical_of(game)
    if tactical is not None and tactical.combat is not None:
        combat = tactical.combat
        later = max(case.named, 1) + 1
        if combat.round > later:
            game = replace(game, action=replace(tactical, combat=replace(combat, round=later)))
    return replace(game, log=(), dice=Dice())


def board_answer(case: Case, limit: int = 20000) -> dict[str, Any]:
    """The board's exact distribution of ``case``'s combat, as ``engine.api.odds`` shapes it."""
    start, _ = flow.advance(build(scenario(case)).game)
    moves: dict[Game, list[tuple[float, Game | Outcome]]] = {}
    todo = [_key(case, start)]
    games = {todo[0]: start}
    while todo:
        key = todo.pop()
        if key in moves:
            continue
        assert len(moves) < limit, "the combat has more states than a test should explore"
        game = games[key]
        choice = pick(case, game, flow.choices(game))
        edges: list[tuple[float, Game | Outcome]] = []
        for p, after, events in outcomes(case, game, choice):
            ended = _ended(after, events)
            if ended is None and _past(after):
                ended = _no_combat(case, after)
            if ended is not None:
                edges.append((p, ended))
                continue
            nxt = _key(case, after)
            games.setdefault(nxt, after)
            edges.append((p, nxt))
            todo.append(nxt)
        moves[key] = edges
    return _summary(_solve(moves, _key(case, start)))


def _solve(
    moves: dict[Game, list[tuple[float, Game | Outcome]]], start: Game
) -> dict[Outcome, float]:
    """The chance of each outcome from ``start``: states in strongly connected groups, each
    group solved exactly once every state after it is."""
    index: dict[Game, int] = {}
    low: dict[Game, int] = {}
    stack: list[Game] = []
    on: set[Game] = set()
    groups: list[list[Game]] = []
    counter = [0]

    def successors(state: Game) -> list[Game]:
        return [t for _, t in moves[state] if isinstance(t, Game)]

    # Tarjan's algorithm, iteratively (the chain may be deep).
    for root in moves:
        if root in index:
            continue
        work = [(root, iter(successors(root)))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(successors(nxt))))
                    advanced = True
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    group.append(member)
                    if member == node:
                        break
                groups.append(group)
    solved: dict[Game, dict[Outcome, float]] = {}
    for group in groups:  # Tarjan emits each group after every group it reaches
        solved.update(_solve_group(group, moves, solved))
    return solved[start]


def _solve_group(
    group: list[Game],
    moves: dict[Game, list[tuple[float, Game | Outcome]]],
    solved: dict[Game, dict[Outcome, float]],
) -> dict[Game, dict[Outcome, float]]:
    """Solve x = Q x + b over one group by Gaussian elimination (rows of outcome chances)."""
    at = {s: i for i, s in enumerate(group)}
    n = len(group)
    q = [[0.0] * n for _ in range(n)]
    b: list[dict[Outcome, float]] = [defaultdict(float) for _ in range(n)]
    for s in group:
        i = at[s]
        for p, t in moves[s]:
            if isinstance(t, Game) and t in at:
                q[i][at[t]] += p
            elif isinstance(t, Game):
                for o, r in solved[t].items():
                    b[i][o] += p * r
            else:
                b[i][t] += p
    # (I - Q) x = b
    a = [[(1.0 if i == j else 0.0) - q[i][j] for j in range(n)] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        head = a[col][col]
        assert abs(head) > 1e-15, "a loop no result ever leaves"
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / head
                for c in range(col, n):
                    a[r][c] -= f * a[col][c]
                for o, v in b[col].items():
                    b[r][o] -= f * v
    return {s: {o: v / a[at[s]][at[s]] for o, v in b[at[s]].items()} for s in group}


def _summary(dist: dict[Outcome, float]) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "attacker_wins": 0.0,
        "defender_wins": 0.0,
        "both_destroyed": 0.0,
        "retreated": 0.0,
        "attacker_survivors": defaultdict(float),
        "defender_survivors": defaultdict(float),
    }
    for (result, a, d), p in dist.items():
        answer[result] += p
        answer["attacker_survivors"][a] += p
        answer["defender_survivors"][d] += p
    return answer


def odds_answer(case: Case) -> dict[str, Any]:
    """``engine.api.odds`` for the same fleets, factions and options."""
    args: dict[str, Any] = {"ground": case.ground}
    for side, faction, options in (
        ("attacker", case.attacker_faction, case.attacker_options),
        ("defender", case.defender_faction, case.defender_options),
    ):
        if faction:
            args[f"{side}_faction"] = faction
        if options:
            args[f"{side}_options"] = list(options)
    if case.retreat:
        args.update(rounds=case.named, retreat=case.retreat)
    answer = odds(case.attacker, case.defender, **args)
    assert answer["ok"], answer
    return answer


def differences(case: Case, tolerance: float = 1e-9) -> list[str]:
    """Where the board's answer and the odds' differ by more than ``tolerance``."""
    board, exact = board_answer(case), odds_answer(case)
    found = []
    for key in ("attacker_wins", "defender_wins", "both_destroyed", "retreated"):
        if abs(board[key] - exact.get(key, 0.0)) > tolerance:
            found.append(f"{key}: board {board[key]!r}, odds {exact[key]!r}")
    for key in ("attacker_survivors", "defender_survivors"):
        labels = set(board[key]) | set(exact[key])
        for label in sorted(labels):
            b, e = board[key].get(label, 0.0), exact[key].get(label, 0.0)
            if abs(b - e) > tolerance:
                found.append(f"{key}[{label}]: board {b!r}, odds {e!r}")
    return found
