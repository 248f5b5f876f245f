"""Strategy cards as printed: Leadership, Diplomacy, Politics and Trade, primary and secondary.

Each test quotes the Living Rules Reference sentence it pins (ti4-ai ``LRR/lrr.txt``);
the card texts were read in ti-assistant ``server/data/base/strategycards.ts`` and
AsyncTI4 ``strategy_cards/pok.json``.
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, action_phase, planet, system

from engine.ti4.abilities import ABILITIES, Kind, Window
from engine.ti4.strategy import CARDS


def _offered(table: Table, kind: str) -> list[dict[str, Any]]:
    return [c for c in table.choices if c["kind"] == kind]


def _params(choice: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in choice.items() if k not in ("kind", "label", "rules")}


def test_83_5_eight_cards_each_with_its_initiative() -> None:
    """83.5 "There are eight strategy cards, each of which has a name and an initiative
    number." The registry holds them in initiative order, each naming its own topic."""
    assert [(c.name, c.initiative) for c in CARDS.values()] == [
        ("Leadership", 1),
        ("Diplomacy", 2),
        ("Politics", 3),
        ("Construction", 4),
        ("Trade", 5),
        ("Warfare", 6),
        ("Technology", 7),
        ("Imperial", 8),
    ]
    topics = {c.id: c.rules[0] for c in CARDS.values()}
    assert topics == {
        "leadership": "52",
        "diplomacy": "32",
        "politics": "66",
        "construction": "24",
        "trade": "92",
        "warfare": "99",
        "technology": "91",
        "imperial": "45",
    }


def test_83_each_card_is_the_registered_ability_of_its_kind() -> None:
    """The cards the action phase plays are exactly the registry's strategy cards, each
    acting in its primary and secondary windows (82.1), its id and name its object's."""
    registered = {a.id: a for a in ABILITIES.values() if a.kind is Kind.STRATEGY_CARD}
    assert {c.id: c.ability for c in CARDS.values()} == registered
    for card in CARDS.values():
        assert card.ability.windows == {Window.PRIMARY, Window.SECONDARY}
        assert (card.id, card.name, card.rules) == (
            card.ability.id,
            card.ability.name,
            card.ability.rules,
        )


def test_83_a_scenario_naming_an_unknown_strategy_card_is_refused() -> None:
    from engine import api

    result = api.load_scenario(
        {
            "players": [{"id": "red", "initiative": 1, "strategy_cards": ["Leadership", "Plague"]}],
            "systems": [system("home", 0, 0)],
        }
    )
    assert not result["ok"] and result["error"]["path"] == "players[0].strategy_cards[1]"


def test_52_2_leadership_primary_gains_three_tokens_then_one_per_three_influence() -> None:
    """52.2 "the active player gains three command tokens. Then, that player can spend any
    amount of their influence to gain one command token for every three influence they
    spend." 52.4: each token goes to the pool of the player's choice."""
    table = action_phase(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Leadership"], "trade_goods": 1},
            {"id": "blue", "initiative": 2},
        ],
        [system("home", 0, 0, planets=[planet("Jord", "red", 4, 5)])],
    )
    offered = _offered(table, "strategic_action")
    assert {"tactic": 3} in [c.get("pools") for c in offered]
    assert any(c.get("pay") == ["Jord"] for c in offered)
    refusal = table.refused(
        "strategic_action", card="Leadership", pay=["Jord"], trade_goods=1, pools={"fleet": 3}
    )
    assert "52.4" in refusal["rules"] and "exactly 5" in refusal["reason"]
    events = table.do(
        "strategic_action",
        card="Leadership",
        pay=["Jord"],
        trade_goods=1,
        pools={"fleet": 2, "strategy": 3},
    )
    assert {"52.2", "52.4", "47.2", "47.3"} <= set(events[1]["rules"])
    red = table.player("red")
    assert (red["tactic"], red["fleet"], red["strategy"], red["trade_goods"]) == (3, 5, 5, 0)
    assert table.planet("home", "Jord")["exhausted"]


def test_20_3_1_leadership_primary_gains_only_what_reinforcements_hold() -> None:
    """20.3a "If a player would gain a command token but has none available in their
    reinforcements, that player cannot gain that command token": 14 on the sheet, 2 left."""
    table = action_phase(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Leadership"], "tactic": 9},
            {"id": "blue", "initiative": 2},
        ],
        [system("home", 0, 0)],
    )
    assert (
        table.refused("strategic_action", card="Leadership", pools={"tactic": 3})["rules"][-1]
        == "20.3.1"
    )
    events = table.do("strategic_action", card="Leadership", pools={"fleet": 2})
    assert "20.3.1" in events[1]["rules"] and table.player("red")["fleet"] == 5


def _diplomacy(*, token: bool = False) -> Table:
    return action_phase(
        [
            {"id": "red", "initiative": 2, "strategy_cards": ["Diplomacy"]},
            {"id": "blue", "initiative": 5},
            {"id": "green", "initiative": 6, "tactic": 8, "fleet": 5, "strategy": 3},
        ],
        [
            system(
                "home",
                0,
                0,
                planets=[
                    planet("Jord", "red", exhausted=True),
                    planet("Moll", "red", exhausted=True),
                ],
                tokens=["blue"] if token else [],
            ),
            system("rex", 1, 0, planets=[planet("Mecatol Rex", "red", exhausted=True)]),
        ],
    )


def test_32_2_diplomacy_places_each_other_players_token_and_readies_two_planets() -> None:
    """32.2 "the active player chooses a system that contains a planet they control other
    than the Mecatol Rex system; each other player places one command token from their
    reinforcements in that system. Then, the active player readies any two of their
    exhausted planets." Green has all 16 tokens on its sheet: it takes one from a pool of
    its choice (32.2a)."""
    table = _diplomacy()
    offered = _offered(table, "strategic_action")
    assert [c["system"] for c in offered] == ["home"]
    refusal = table.refused("strategic_action", card="Diplomacy", system="rex")
    assert refusal["rules"] == ["32.2"]
    refusal = table.refused(
        "strategic_action", card="Diplomacy", system="home", ready=["Jord", "Moll", "Mecatol Rex"]
    )
    assert "up to 2" in refusal["reason"]
    table.do("strategic_action", card="Diplomacy", system="home", ready=["Jord", "Mecatol Rex"])
    assert table.system("home")["tokens"] == ["blue"]
    pools = _offered(table, "take_token")
    assert [c["pool"] for c in pools] == ["tactic", "fleet", "strategy"]
    assert {"32.2.1", "20.3.2"} <= set(pools[0]["rules"])
    assert "32.2.1" in table.refused("secondary", player="blue", resolve=False)["rules"]
    table.do("take_token", player="green", pool="fleet")
    assert table.system("home")["tokens"] == ["blue", "green"]
    assert table.player("green")["fleet"] == 4
    assert not table.planet("home", "Jord")["exhausted"]
    assert table.planet("home", "Moll")["exhausted"]
    assert not table.planet("rex", "Mecatol Rex")["exhausted"]


def test_32_2_2_a_player_with_a_token_there_places_none() -> None:
    """32.2b "If a player already has a command token in the chosen system, they do not
    place a command token there." """
    table = _diplomacy(token=True)
    events = table.do("strategic_action", card="Diplomacy", system="home")
    assert any("32.2.2" in e["rules"] and e.get("player") == "blue" for e in events)
    assert table.system("home")["tokens"] == ["blue"]


def test_32_3_diplomacy_secondary_readies_up_to_two_exhausted_planets() -> None:
    """32.3 "... may spend one command token from their strategy pool to ready up to two
    exhausted planets they control." """
    table = action_phase(
        [
            {"id": "red", "initiative": 2, "strategy_cards": ["Diplomacy"]},
            {"id": "blue", "initiative": 5},
        ],
        [
            system("home", 0, 0, planets=[planet("Jord", "red")]),
            system(
                "far",
                1,
                0,
                planets=[planet(n, "blue", 2, 2, exhausted=True) for n in ("A", "B", "C")],
            ),
        ],
    )
    table.do("strategic_action", card="Diplomacy", system="home")
    (offer, _) = _offered(table, "secondary")
    assert offer["ready"] == ["A", "B"] and "32.3" in offer["rules"]
    refusal = table.refused("secondary", player="blue", resolve=True, ready=["A", "B", "C"])
    assert refusal["rules"] == ["32.3"]
    table.do("secondary", player="blue", resolve=True, ready=["C", "A"])
    assert [p["exhausted"] for p in table.system("far")["planets"]] == [False, True, False]
    assert table.player("blue")["strategy"] == 1


def test_66_2_politics_gives_the_speaker_token_and_draws_two_action_cards() -> None:
    """66.2 "i. The active player chooses any player that does not have the speaker token
    ... ii. The active player draws two action cards." 80.6: any player other than the
    current speaker. The engine keeps no deck: drawn cards are counted."""
    table = action_phase(
        [
            {"id": "red", "initiative": 3, "strategy_cards": ["Politics"]},
            {"id": "blue", "initiative": 5},
        ],
        [system("home", 0, 0)],
        speaker="blue",
    )
    assert [c["speaker"] for c in _offered(table, "strategic_action")] == ["red"]
    refusal = table.refused("strategic_action", card="Politics", speaker="blue")
    assert refusal["rules"] == ["66.2", "80.6"]
    events = table.do("strategic_action", card="Politics", speaker="red")
    assert table.view["speaker"] == "red" and "80.6" in events[1]["rules"]
    assert table.player("red")["action_cards"] == 2
    table.do("secondary", player="blue", resolve=True)
    assert table.player("blue")["action_cards"] == 2 and table.player("blue")["strategy"] == 1
    assert "66.3" in table.events[-2]["rules"] or "66.3" in table.events[-3]["rules"]


def test_2_4_a_hand_over_seven_action_cards_is_cut_to_seven() -> None:
    """2.4 "If a player ever has more than seven action cards, that player must choose seven
    cards to keep and discard the rest." Blue holds 6 named cards and draws 2: one goes, the
    one it names, or else an unnamed drawn one."""
    held = [
        "Sabotage",
        "Direct Hit",
        "Morale Boost",
        "Skilled Retreat",
        "Shields Holding",
        "Scramble Frequency",
    ]
    table = action_phase(
        [
            {"id": "red", "initiative": 3, "strategy_cards": ["Politics"]},
            {"id": "blue", "initiative": 5, "action_cards": held},
        ],
        [system("home", 0, 0)],
    )
    table.do("strategic_action", card="Politics", speaker="blue")
    refusal = table.refused(
        "secondary", player="blue", resolve=True, discard=["Sabotage", "Direct Hit"]
    )
    assert refusal["rules"] == ["2.4"]
    events = table.do("secondary", player="blue", resolve=True, discard=["Sabotage"])
    assert "2.4" in events[1]["rules"] and "Sabotage" in events[1]["text"]
    assert table.player("blue")["action_cards"] == 7
    refusal = table.refused("action_card", player="blue", card="Sabotage")
    assert "Sabotage" in refusal["reason"]


def test_92_2_trade_primary_gains_three_trade_goods_and_replenishes_commodities() -> None:
    """92.2 "The active player gains 3 trade goods." 92.3 "The active player replenishes
    their commodities ... equal to the commodity value on their faction sheet." The
    Hacan's value is 6."""
    table = action_phase(
        [
            {
                "id": "red",
                "initiative": 5,
                "strategy_cards": ["Trade"],
                "faction": "hacan",
                "trade_goods": 1,
                "commodities": 2,
            },
            {"id": "blue", "initiative": 6, "faction": "letnev"},
        ],
        [system("home", 0, 0)],
    )
    events = table.do("strategic_action", card="Trade")
    assert {"92.2", "92.3"} <= set(events[1]["rules"])
    red = table.player("red")
    assert (red["trade_goods"], red["commodities"]) == (4, 6)
    # 92.5: the secondary replenishes too, to the Barony's value of 2.
    events = table.do("secondary", player="blue", resolve=True)
    assert "92.5" in events[1]["rules"]
    assert table.player("blue")["commodities"] == 2 and table.player("blue")["trade_goods"] == 0


def test_92_4_1_a_player_trade_chooses_must_resolve_its_secondary() -> None:
    """92.4a "The chosen players must resolve the secondary ability of this card without
    spending a command token." Declining is not offered to them, and is refused."""
    table = action_phase(
        [
            {"id": "red", "initiative": 5, "strategy_cards": ["Trade"]},
            {"id": "blue", "initiative": 6, "faction": "sol"},
        ],
        [system("home", 0, 0)],
    )
    table.do("strategic_action", card="Trade", free=["blue"])
    assert [c["resolve"] for c in _offered(table, "secondary")] == [True]
    assert table.refused("secondary", player="blue", resolve=False)["rules"] == ["92.4.1"]
    table.do("secondary", player="blue", resolve=True)
    assert table.player("blue")["commodities"] == 4 and table.player("blue")["strategy"] == 2


def test_82_3_every_offered_strategic_action_and_secondary_is_accepted() -> None:
    """82.3 "... resolves each of the ability's effects from top to bottom": each card's
    offered choices, primary and secondary, play through the API without a refusal."""
    players = [
        {
            "id": "red",
            "initiative": 1,
            "faction": "saar",
            "home": "home",
            "strategy_cards": ["Leadership", "Technology"],
            "technologies": ["antimass_deflectors"],
        },
        {
            "id": "blue",
            "initiative": 2,
            "faction": "hacan",
            "home": "blue_home",
            "strategy_cards": ["Diplomacy", "Warfare"],
        },
        {"id": "green", "initiative": 3, "strategy_cards": ["Politics", "Imperial"]},
        {"id": "yellow", "initiative": 4, "strategy_cards": ["Construction", "Trade"]},
    ]
    systems = [
        system(
            "home",
            0,
            0,
            planets=[planet("Lisis", "red", 3, 2)],
            ground={"Lisis": {"red": {"space_dock": 1}}},
        ),
        system(
            "blue_home",
            1,
            0,
            planets=[planet("Arretze", "blue", 2, 3)],
            ground={"Arretze": {"blue": {"space_dock": 1}}},
            tokens=["blue"],
        ),
        system("rex", 2, 0, planets=[planet("Mecatol Rex", "green", 1, 6)]),
        system("rim", 3, 0, planets=[planet("Quann", "yellow", 2, 1)]),
    ]
    table = action_phase(
        players, systems, objectives=[{"name": "Erect a Monument", "qualifies": ["green"]}]
    )
    for _ in range(60):
        offered = table.choices
        if not offered or table.view["step"] != "action_phase":
            break
        # The last strategic action offered, else the first secondary option (resolving
        # it), else the first other decision, else pass.
        order = ("strategic_action", "secondary", "take_token", "remove_excess", "pass")
        ranked = sorted(
            offered, key=lambda c: order.index(c["kind"]) if c["kind"] in order else len(order)
        )
        same = [c for c in ranked if c["kind"] == ranked[0]["kind"]]
        choice = same[-1] if ranked[0]["kind"] == "strategic_action" else same[0]
        table.do(choice["kind"], **_params(choice))
    played = {e["card"] for e in table.events if e["kind"] == "strategic_action"}
    assert played == {c.name for c in CARDS.values()}
    resolved = [e for e in table.events if e["kind"] == "secondary" and e["resolve"]]
    assert len(resolved) >= 12
    assert table.player("green")["victory_points"] == 1  # Mecatol Rex; no objective chosen
