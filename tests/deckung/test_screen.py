"""Pilot tests of the Deckung helper's screen, driven by keys and the mock GPIO pins."""


from companion.hardware.controls import Control
from companion.tui.app import CompanionApp
from companion.tui.widgets.big_number import BigNumber
from tests.pilot import press, settle


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_massive_cover_shows_minus_two_and_heads_down_and_the_next_button_moves_the_model(companion):
    app = CompanionApp(companion, start_kind="deckung")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "m")
        assert app.screen.query_one("#dk-modifier", BigNumber).value == "-2"
        assert "Köpfe runter! (heads down!): allowed" in text(app, "#dk-cover")
        companion.mock_presser.press(Control.NEXT)
        await settle(pilot)
        assert app.screen.query_one("#dk-modifier", BigNumber).value == "-1"
        assert "Model: einen Zoll entfernt (1\" away)" in text(app, "#dk-cover")
        assert "only in direct contact with massive cover" in text(app, "#dk-cover")
        for part in ("#dk-cover", "#dk-modifier", "#dk-shot"):
            assert app.screen.region.contains_region(app.screen.query_one(part).region)
        assert app.screen.query_one("#dk-modifier", BigNumber).scale >= 2  # 5 rows tall on the smallest screen


async def test_a_destroyed_wall_and_a_recruit_in_contact_tested_with_keyed_faces(companion):
    app = CompanionApp(companion, start_kind="deckung")
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "x", *"3", "tab", "backspace", "3", "enter")
        assert "Durchschlag (penetration) 3 ≥ Härtegrad (hardness) 3: destroyed" in text(app, "#dk-shot")
        await press(pilot, "c", "enter")  # one model, the first rank: a Rekrut
        assert text(app, "#dk-prompt").startswith("Model 1 (splinter): roll its W10")
        await press(pilot, "6", "5")
        assert text(app, "#dk-models") == "1. Rekrut (recruit): W10 6 hit · rank test 5 (≤ 4) removed from play"
        assert [r.event.type for r in app.screen.session.records] == [
            "cover_shot", "models_placed", "splinter_rolled", "rank_tested"]


async def test_massive_cover_shot_through_shows_no_modifier_and_no_heads_down(companion):
    app = CompanionApp(companion, start_kind="deckung")
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "m", "x", *"3", "tab", "backspace", "3", "enter")
        assert "destroyed (zerstört)" in text(app, "#dk-shot")
        assert app.screen.query_one("#dk-modifier", BigNumber).value == "0"
        assert "Waffe abfeuern (fire weapon): attacker ±0 (destroyed)" in text(app, "#dk-cover")
        assert "Köpfe runter! (heads down!): not at destroyed cover" in text(app, "#dk-cover")
