"""BankerChooser headless: the draw for the first bank card by card (R4), exact chances beside
simulated frequencies, both languages, bad input, random events at every control."""

import asyncio
import re

import pytest
from bruteforce import first_ace_by_seat
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from twentyone_edu.widgets import banker_chooser
from twentyone_edu.widgets.banker_chooser import BankerChooser


def aria_labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', html)


def check_draw(b: BankerChooser) -> None:
    """The cards go round in seat order and stop at the first ace (R4)."""
    ranks = [card.rank for _, card in b.draw]
    assert ranks[-1] == "A" and "A" not in ranks[:-1]
    assert [seat for seat, _ in b.draw] == [k % b.n_players + 1 for k in range(len(b.draw))]
    assert 0 <= b.shown <= len(b.draw)
    assert len(aria_labels(b.seats.value)) == b.shown


@pytest.mark.parametrize("language, words", [
    ("en", ["Next card", "To the first ace", "Shuffle again", "Animate", "Players", "Seed",
            "Simulate", "Exact chance", "Seat 1"]),
    ("ru", ["Следующая карта", "До первого туза", "Перетасовать заново", "Анимация", "Игроки",
            "Номер расклада", "Смоделировать", "Точная вероятность", "Место 1"]),
])
def test_built_in_both_languages(language, words):
    b = BankerChooser(players=5, seed=1, language=language)
    shown = " ".join([b.next_button.description, b.all_button.description,
                      b.new_button.description, b.animate_toggle.description,
                      b.players_box.description, b.seed_box.description,
                      b.simulate_button.description, b.chances.value, b.seats.value])
    for word in words:
        assert word in shown
    for css in ("t21-bc-next", "t21-bc-all", "t21-bc-new", "t21-bc-simulate"):
        assert any(css in w._dom_classes for w in (b.next_button, b.all_button, b.new_button,
                                                   b.simulate_button))


def test_card_by_card_until_the_first_ace():
    b = BankerChooser(players=4, seed=3)
    check_draw(b)
    assert b.shown == 0 and b.banker is None
    b.next_button.click()
    assert b.shown == 1 and len(aria_labels(b.seats.value)) == 1
    while not b.done:
        check_draw(b)
        assert "No ace yet" in b.result.value
        b.next_button.click()
    seat = (len(b.draw) - 1) % 4 + 1
    assert b.banker == seat
    assert f"Seat {seat} receives the first ace" in b.result.value
    assert [label[:6] for label in aria_labels(b.seats.value)].count("ace of") == 1
    assert b.next_button.disabled
    b.next_button.click()
    assert "Not accepted" in b.message.value and f"seat {seat} holds the bank" in b.message.value


def test_the_seed_repeats_the_draw_and_shuffle_again_changes_it():
    one, two = BankerChooser(players=6, seed=42), BankerChooser(players=6, seed=42)
    assert one.draw == two.draw
    one.all_button.click()
    old_seed = one.seed_box.value
    one.new_button.click()
    assert one.seed_box.value != old_seed and one.seed == int(one.seed_box.value)
    assert one.shown == 0
    again = BankerChooser(players=6, seed=one.seed)
    assert again.draw == one.draw


@pytest.mark.parametrize("language, said", [
    ("en", "Your draws, first banks seat by seat: {counts} ({n} draws)"),
    ("ru", "Ваши жеребьёвки, первые банки по местам: {counts} ({n} жеребьёвки)")])
def test_the_class_tallies_its_own_draws_seat_by_seat(language, said):
    """UX review 7: the tab asked a class to tally but kept no tally. Each finished draw counts
    once for the seat of its first ace, whatever is clicked or switched after; a new number of
    seats starts a new tally."""
    b = BankerChooser(players=3, seed=1, language=language)
    assert "t21-bc-tally" not in b.result.value
    banks = []
    for seed in (1, 2, 3, 4):
        b.seed_box.value = str(seed)
        b.next_button.click()
        b.all_button.click()
        b.language_toggle.value = "ru" if language == "en" else "en"  # no second count
        b.language_toggle.value = language
        banks.append(b.banker)
    counts = " · ".join(f"{seat}: {banks.count(seat)}" for seat in (1, 2, 3))
    assert said.format(counts=counts, n=4) in b.result.value, b.result.value
    assert sum(b.tally.values()) == 4
    b.players_box.value = 4
    assert b.tally == {} and "t21-bc-tally" not in b.result.value


@pytest.mark.parametrize("n", [2, 5, 12])
def test_exact_chances_shown_as_fractions_and_percentages(n):
    b = BankerChooser(players=n, seed=1)
    chances = first_ace_by_seat(n)
    assert sum(chances) == 1
    rows = b.chances.value.split("<tr>")[2:]
    assert len(rows) == n
    for row, p in zip(rows, chances, strict=True):
        percent = f"{float(p):.2%}"  # English: 23.29%, no space
        assert row.index(percent) < row.index("<details")  # the decimal first
        assert f"<summary>exact fraction</summary><code style='word-break:break-all'>" \
            f"{p.numerator}/{p.denominator}</code>" in row  # the fraction one click away


def test_simulated_frequencies_beside_the_exact_chances():
    b = BankerChooser(players=3, seed=7, trials=50_000)
    b.simulate_button.click()
    assert b.message.value == ""
    assert "50,000 simulated draws with seed 7" in b.chances.value
    assert "blue, the exact chance; grey, the simulated share" in b.chances.value  # a key
    rows = b.chances.value.split("<tr>")[2:]
    for row, p in zip(rows, first_ace_by_seat(3), strict=True):
        # the simulated share and its error share a cell (the exact chance's holds bar, fraction)
        shown, error = re.search(r"<td[^>]*>([^<]*)<br><small[^>]*>± ([^<]*)</small></td>",
                                 row).groups()
        simulated = float(shown.rstrip("%")) / 100
        error = float(error.strip("± %")) / 100
        assert abs(simulated - float(p)) < 4 * error + 1e-4  # within 4 standard errors
    b.players_box.value = 4
    assert "Press «Simulate»" in b.chances.value  # a new number of players: no old figures


def test_simulation_runs_off_the_kernels_loop(monkeypatch):
    b = BankerChooser(players=6, seed=4, trials=50_000)
    finished, first_banker = [], banker_chooser.simulate.first_banker

    def counted(*args, **kwargs):
        result = first_banker(*args, **kwargs)
        finished.append(args)
        return result

    monkeypatch.setattr(banker_chooser.simulate, "first_banker", counted)

    async def simulate_then_wait():
        b.simulate_button.click()  # in a kernel the click returns at once
        assert b.simulation is None and "Press «Simulate»" in b.chances.value
        for _ in range(1000):
            await asyncio.sleep(0.01)
            if b.simulation is not None:
                break

    asyncio.run(simulate_then_wait())
    assert b.simulation.n == 50_000 and "50,000 simulated draws" in b.chances.value

    async def change_players_meanwhile():
        b.simulate_button.click()
        b.players_box.value = 7  # the running simulation is for 6 players: it is dropped
        for _ in range(1000):
            await asyncio.sleep(0.01)
            if len(finished) == 2:
                break
        await asyncio.sleep(0.05)

    asyncio.run(change_players_meanwhile())
    assert len(finished) == 2 and finished[1][0] == 6
    assert b.simulation is None and "Press «Simulate»" in b.chances.value
    assert b.message.unexpected == []


def test_bad_seed_changes_nothing():
    b = BankerChooser(players=5, seed=9, language="ru")
    b.next_button.click()
    draw, shown = b.draw, b.shown
    b.seed_box.value = "<b>xyz</b>"
    assert "Не принято: номер расклада &#x27;&lt;b&gt;xyz&lt;/b&gt;&#x27; — не целое число" in \
        b.message.value
    assert b.draw is draw and b.shown == shown and b.message.unexpected == []
    b.language_toggle.value = "en"
    assert "Not accepted: the seed" in b.message.value
    b.seed_box.value = "9"
    assert b.message.value == ""


def test_animation_without_an_event_loop_shows_the_whole_draw():
    b = BankerChooser(players=4, seed=2)
    b.animate_toggle.value = True
    assert b.done and not b.animate_toggle.value and b.message.value == ""


def test_animation_steps_on_the_event_loop_without_blocking(monkeypatch):
    monkeypatch.setattr(banker_chooser, "STEP_SECONDS", 0.01)
    b = BankerChooser(players=12, seed=2)
    steps = []

    async def watch():
        b.animate_toggle.value = True
        for _ in range(500):
            await asyncio.sleep(0.005)  # the loop stays free between the cards
            steps.append(b.shown)
            if b.done:
                break

    asyncio.run(watch())
    assert b.done and not b.animate_toggle.value
    assert steps[0] < len(b.draw) and sorted(steps) == steps
    assert b.message.unexpected == []


BUTTONS = ["next_button", "all_button", "new_button", "simulate_button"]
VALUES = {"players_box": list(range(2, 13)), "seed_box": ["", "1", "77", "xyz", "-5", "2.5"],
          "trials_box": list(banker_chooser.TRIALS), "animate_toggle": [True, False],
          "language_toggle": ["en", "ru"]}
EVENT = st.one_of(
    st.tuples(st.just("click"), st.sampled_from(BUTTONS + ["next_button"] * 6), st.just(0)),
    st.tuples(st.just("set"), st.sampled_from(sorted(VALUES)), st.integers(0, 100)),
)


@settings(max_examples=3, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.data_too_large,
                                 HealthCheck.too_slow])
@given(events=st.lists(EVENT, min_size=1000, max_size=1100), seed=st.integers(0, 10**6))
def test_random_events_never_raise(events, seed):
    b = BankerChooser(players=5, seed=seed)
    for kind, name, k in events:
        if kind == "click":
            getattr(b, name).click()
        else:
            getattr(b, name).value = VALUES[name][k % len(VALUES[name])]
        assert b.message.unexpected == [], (kind, name, k)
        check_draw(b)
        assert len(b.exact_chances) == b.n_players and sum(b.exact_chances) == 1


def test_lesson_10_can_keep_the_exact_chances_hidden_until_the_class_asks():
    """Issue 30.1: a prediction the widget answers on load is no prediction."""
    from twentyone_edu.widgets import BankerChooser

    for language in ("en", "ru"):
        chooser = BankerChooser(players=5, exact_shown=False, language=language)
        assert "%" not in chooser.chances.value and "<table" not in chooser.chances.value
        chooser.all_button.click()
        assert "<table" not in chooser.chances.value
        chooser.exact_toggle.value = True
        assert "<table" in chooser.chances.value and "%" in chooser.chances.value
    assert "<table" in BankerChooser(players=5).chances.value


def test_simulate_shows_the_tally_while_the_exact_chances_are_hidden():
    """UX review 7: with the exact chances hidden (lesson 10's prediction), «Simulate» showed
    nothing. It shows each seat's simulated share and its error, and still no exact chance;
    «Show the exact chances» then sets them side by side."""
    for language in ("en", "ru"):
        b = BankerChooser(players=3, seed=7, trials=50_000, exact_shown=False, language=language)
        b.simulate_button.click()
        assert b.message.value == ""
        shown = b.chances.value
        rows = re.findall(r"<tr><td[^>]*>(\d)</td><td[^>]*><b>([^<]*)</b>", shown)
        assert [seat for seat, _ in rows] == ["1", "2", "3"], shown
        for (_, share), p in zip(rows, first_ace_by_seat(3), strict=True):
            simulated = float(share.replace(",", ".").rstrip(" %\u00a0\u202f")) / 100
            assert abs(simulated - float(p)) < 0.02
        assert "<details" not in shown and "exact fraction" not in shown
        b.exact_toggle.value = True
        assert "<details" in b.chances.value
