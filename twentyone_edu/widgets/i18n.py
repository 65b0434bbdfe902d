"""Every label, message and explanation the widgets show, in English and Russian, in one place."""

from __future__ import annotations

from ..errors import RuleError
from ..validate import quote

LANGUAGES = ("en", "ru")

# Each language named in itself, on the language switch of every widget, whatever its language.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский"}

# key -> (English, Russian); format fields in braces are filled by text(key, language, **fields)
TEXT: dict[str, tuple[str, str]] = {
    # explorers, quiz
    "quiz_check": ("Check", "Проверить"),
    "quiz_hint": ("Hint {next} of {total}", "Подсказка {next} из {total}"),
    "quiz_no_more_hints": ("No more hints", "Подсказок больше нет"),
    "quiz_hint_label": ("Hint {n}:", "Подсказка {n}:"),
    "quiz_placeholder": ("e.g. 4/51, 0.0784 or 7.84%", "например 4/51, 0,0784 или 7,84\u00a0%"),
    "quiz_correct": ("✓ Correct!", "✓ Верно!"),
    "quiz_not_yet": ("✗ Not yet. Try again.", "✗ Пока нет. Попробуйте ещё раз."),
    "quiz_empty": ("Type an answer first.", "Сначала введите ответ."),
    "quiz_choose": ("Choose an answer first.", "Сначала выберите ответ."),
    "quiz_more_digits": ("{answer} has {significant_digits}: give at least {needed}, or the "
                         "exact fraction.",
                         "{answer}: {significant_digits}, а нужно не меньше {needed} "
                         "(или точная дробь)."),
    "quiz_not_number": ("{answer} is not a number (write e.g. 4/51, 0.0784 or 7.84%)",
                        "{answer} — не число (напишите, например, 4/51, 0,0784 или 7,84\u00a0%)"),
    "quiz_decimal_comma": ("{answer}: in English a comma separates thousands (90,000); write "
                           "a decimal with a point: {suggestion}",
                           "{answer}: в английской записи запятая отделяет тысячи (90,000); "
                           "десятичную дробь пишут через точку: {suggestion}"),
    "quiz_zero_denominator": ("{answer}: a fraction cannot have the denominator 0",
                              "{answer}: у дроби не может быть знаменателя 0"),
    "quiz_too_long": ("The answer is too long (at most {limit} characters).",
                      "Ответ слишком длинный (не больше {limit} символов)."),
    "quiz_exponent": ("{answer}: the power of ten is too large (at most {limit})",
                      "{answer}: слишком большая степень десяти (не больше {limit})"),
    "variant_historical": ("historical (19th-century Russia)", "историческая (Россия, XIX в.)"),
    "variant_ochko": ("ochko (20th-century Russia)", "очко (Россия, XX в.)"),
    "variant_german_vingt_un": ("German Vingt-un (1857)", "немецкое Vingt-un (1857)"),
    "variant_hoyle_vingt_un": ("English vingt-un (Hoyle)", "английское vingt-un (Хойл)"),
    "variant_blackjack": ("casino blackjack, simplified", "блэкджек казино, упрощённый"),
    "rules": ("Rules", "Правила"),
    "policy_threshold": ("Player buys while below", "Игрок прикупает, пока меньше"),
    "banker_threshold": ("Banker buys while below", "Банкир прикупает, пока меньше"),
    "rounds": ("Rounds", "Раунды"),
    "seed": ("Seed", "Зерно случайности"),
    "sim_title": ("Simulation and the exact value", "Симуляция и точное значение"),
    "sim_run": ("Run", "Запустить"),
    "sim_stop": ("Stop", "Остановить"),
    "sim_state_idle": ("Choose the rules and the thresholds, then press Run.",
                       "Выберите правила и пороги, затем нажмите «Запустить»."),
    "sim_state_computing": ("Computing the exact value…", "Вычисляется точное значение…"),
    "sim_state_running": ("Simulating…", "Идёт симуляция…"),
    "sim_state_stopped": ("Stopped.", "Остановлено."),
    "sim_state_done": ("Done.", "Готово."),
    "sim_settings": ("{rules}; the player buys while below {policy}, the banker while below "
                     "{banker}; seed {seed}.",
                     "{rules}; игрок прикупает, пока меньше {policy}, банкир — пока меньше "
                     "{banker}; зерно {seed}."),
    "sim_exact": ("Exact value of a round for the player, in stakes:",
                  "Точное значение раунда для игрока, в ставках:"),
    "exact_fraction": ("exact fraction", "точная дробь"),
    "sim_mean": ("Simulated mean after {n} rounds: {mean} stakes (standard error {se}).",
                 "Среднее по симуляции после {n} раундов: {mean} ставки "
                 "(стандартная ошибка {se})."),
    "sim_distance": ("The simulation is {z} standard errors away from the exact value.",
                     "Симуляция отличается от точного значения на {z} стандартной ошибки."),
    "chart_sim_title": ("Running mean and exact value", "Накопленное среднее и точное значение"),
    "chart_rounds": ("rounds played", "сыграно раундов"),
    "chart_mean": ("mean result per round (stakes)", "средний результат за раунд (ставки)"),
    "chart_exact": ("exact value", "точное значение"),
    "chart_band": ("exact ± 2 standard errors", "точное ± 2 стандартные ошибки"),
    "chart_running": ("simulated running mean", "среднее по симуляции"),
    "sim_chart_alt": ("Line chart of the simulated running mean against the rounds played: "
                      "after {n} rounds it is {mean} stakes; a dashed line marks the exact value "
                      "{exact}, a grey band the exact value ± 2 standard errors.",
                      "Линейный график среднего по симуляции в зависимости от числа раундов: "
                      "после {n} раундов оно равно {mean} ставки; пунктир — точное значение "
                      "{exact}, серая полоса — точное значение ± 2 стандартные ошибки."),
    "total_soft": ("soft", "мягкие"),
    "total_hard": ("hard", "жёсткие"),
    "outcome_bust": ("bust", "перебор"),
    "outcome_drawn_21": ("21 (drawn)", "21 (прикупкой)"),
    "advice_computing": ("Computing…", "Вычисляется…"),
    "advice_title": ("Buy or stand? The exact chances of one more card",
                     "Прикупать или хватит? Точные шансы одной карты"),
    "advice_hand": ("Hand", "Рука"),
    "advice_empty_hand": ("the hand is empty (type two or more cards, e.g. 10 9)",
                          "рука пуста (введите две карты или больше, например 10 9)"),
    "advice_hand_placeholder": ("e.g. 10 9 or A 9", "например 10 9 или A 9"),
    "advice_hand_tooltip": ("Take the hand {hand}", "Взять руку {hand}"),
    "advice_seen": ("Seen cards", "Виденные карты"),
    "advice_seen_placeholder": ("open cards on the table, e.g. A 2 5",
                                "открытые карты на столе, например A 2 5"),
    "advice_summary": ("Hand {hand}: {total} points ({kind}). Cards seen besides it: {seen}. "
                       "Cards not seen: {unseen}.",
                       "Рука {hand}: {total} очков ({kind}). Других виденных карт: {seen}. "
                       "Невиденных карт: {unseen}."),
    "advice_p21": ("P(21 with one more card) {sign} {percent}, exactly {fraction}",
                   "P(21 с одной картой) {sign} {percent}, ровно {fraction}"),
    "advice_table": ("After one more card", "После ещё одной карты"),
    "advice_outcome": ("total", "очки"),
    "advice_probability": ("probability", "вероятность"),
    "advice_fraction": ("exact fraction", "точная дробь"),
    "advice_percent": ("chance", "шанс"),
    "advice_stand_value": ("Value of standing (stake 1)", "Значение «хватит» (ставка 1)"),
    "advice_buy_value": ("Value of buying, then playing best (stake 1)",
                         "Значение прикупки и дальнейшей лучшей игры (ставка 1)"),
    "advice_verdict_stand": ("Stand: standing is better by {margin} stakes.",
                             "Хватит: остановиться выгоднее на {margin} ставки."),
    "advice_verdict_buy": ("Buy: buying is better by {margin} stakes.",
                           "Прикупить: прикупка выгоднее на {margin} ставки."),
    "advice_verdict_equal": ("Either: standing and buying are worth exactly the same.",
                             "Всё равно: остановиться и прикупить — ровно одно и то же."),
    "advice_chart_title": ("One more card", "Ещё одна карта"),
    "advice_chart_x": ("total after one more card", "очки после ещё одной карты"),
    "advice_chart_alt": ("Bar chart of the chances after one more card: {bars}.",
                         "Столбчатая диаграмма шансов после ещё одной карты: {bars}."),
    "strategy_title": ("Buy or stand, for every two-card hand",
                       "Прикупать или хватит — для каждой руки из двух карт"),
    "strategy_first": ("First card", "Первая карта"),
    "strategy_second": ("Second card", "Вторая карта"),
    "strategy_computing": ("Computing the exact table for these rules (only the first time)…",
                           "Вычисляется точная таблица для этих правил (только в первый раз)…"),
    "strategy_stop": ("Stop", "Остановить"),
    "strategy_stop_tooltip": ("Stop computing this table; the table shown before stays",
                              "Прервать вычисление этой таблицы; прежняя таблица останется"),
    "strategy_stopped": ("Stopped: the table shown is still the one for the rules before.",
                         "Остановлено: показана прежняя таблица, для прежних правил."),
    "strategy_stopped_empty": ("Stopped: choose rules to compute a table.",
                               "Остановлено: выберите правила, чтобы вычислить таблицу."),
    "strategy_natural": ("{first} + {second} is a natural: nothing to decide (R3, R10).",
                         "{first} + {second} — натуральное 21: решать нечего (R3, R10)."),
    "strategy_cell": ("Hand {first} + {second}, fresh shoe, the banker's cards unknown:",
                      "Рука {first} + {second}, полные колоды, карты банкира неизвестны:"),
    "strategy_gain": ("Buy − stand = {gain} stakes: {verdict}.",
                      "Прикупка − «хватит» = {gain} ставки: {verdict}."),
    "strategy_buy": ("buy", "прикупить"),
    "strategy_stand": ("stand", "хватит"),
    "strategy_equal": ("either", "всё равно"),
    "strategy_natural_cell": ("a natural, nothing to decide", "натуральное 21, решать нечего"),
    "strategy_chart_alt": ("Heat map of buy − stand, rows the first card, columns the second: "
                           "buy in {buy} cells, stand in {stand}, either in {equal}, a natural in "
                           "{natural}. The framed cell, {first} + {second}: {cell}.",
                           "Тепловая карта «прикупка − хватит», строки — первая карта, столбцы — "
                           "вторая: прикупать — клеток {buy}, хватит — {stand}, всё равно — "
                           "{equal}, натуральное 21 — {natural}. Выделенная клетка "
                           "{first} + {second}: {cell}."),
    "strategy_legend": ("Rows: the first card; columns: the second. Each cell: the value of buying "
                        "minus the value of standing, in hundredths of a stake (+: buy, green; "
                        "−: stand, purple). 21: a natural, nothing to decide. Fresh shoe, "
                        "the banker's cards unknown.",
                        "Строки: первая карта; столбцы: вторая. В клетке: значение прикупки минус "
                        "значение «хватит», в сотых долях ставки (+: прикупать, зелёный; "
                        "−: хватит, фиолетовый). 21: натуральное 21, решать нечего. Полные колоды, "
                        "карты банкира неизвестны."),
    # the course app (notebooks/app.ipynb)
    "app_title": ("«Двадцать одно» — twenty-one, exactly", "«Двадцать одно» — точный расчёт"),
    "app_intro": (
        "The card game as a 19th-century Russian text describes it («Девушки на выданье. "
        "Бал дебютанток» (2018), p. 16): deal at a live table, then compute exactly whether "
        "the old advice holds.",
        "Карточная игра по описанию XIX века («Девушки на выданье. Бал дебютанток» (2018), "
        "с. 16): сыграйте за живым столом и точно проверьте, верен ли старый совет."),
    "app_loading": ("Loading…", "Загрузка…"),
    "app_tab_table": ("The table", "Стол"),
    "app_tab_advice": ("19 or 20?", "19 или 20?"),
    "app_tab_strategy": ("When to buy", "Когда прикупать"),
    "app_tab_simulation": ("Simulation", "Моделирование"),
    "app_tab_banker": ("The first banker", "Первый банкир"),
    # table, cards, banker chooser
    "rank_A": ("ace", "туз"),
    "rank_2": ("two", "двойка"),
    "rank_3": ("three", "тройка"),
    "rank_4": ("four", "четвёрка"),
    "rank_5": ("five", "пятёрка"),
    "rank_6": ("six", "шестёрка"),
    "rank_7": ("seven", "семёрка"),
    "rank_8": ("eight", "восьмёрка"),
    "rank_9": ("nine", "девятка"),
    "rank_10": ("ten", "десятка"),
    "rank_J": ("jack", "валет"),
    "rank_Q": ("queen", "дама"),
    "rank_K": ("king", "король"),
    "suit_♠": ("spades", "пик"),
    "suit_♥": ("hearts", "червей"),
    "suit_♦": ("diamonds", "бубён"),
    "suit_♣": ("clubs", "треф"),
    "card_with_suit": ("{rank} of {suit}", "{rank} {suit}"),
    "card_closed": ("closed card", "закрытая карта"),
    "card_peek": ("{card}, closed (shown to its holder)", "{card}, закрытая (видна владельцу)"),
    "cards_none": ("no cards", "нет карт"),
    "not_accepted": ("Not accepted: {reason}", "Не принято: {reason}"),
    "unexpected": ("Something went wrong inside the course ({reason}). It is not your mistake; "
                   "please tell your teacher.",
                   "Что-то сломалось внутри курса ({reason}). Это не ваша ошибка; "
                   "сообщите, пожалуйста, учителю."),
    "tw_title": ("Twenty-one at the table", "Двадцать одно за столом"),
    "tw_players": ("Players", "Игроки"),
    "tw_names": ("Names", "Имена"),
    "tw_names_help": ("names separated by commas; a computer player may get his own threshold, "
                      "e.g. Vera:15", "имена через запятую; компьютерному игроку можно задать "
                      "свой порог, например Вера:15"),
    "tw_default_names": (
        "You, Vera, Pavel, Olga, Ivan, Anna, Dmitri, Sofia, Nikolai, Maria, Pyotr, Natalya",
        "Вы, Вера, Павел, Ольга, Иван, Анна, Дмитрий, Софья, Николай, Мария, Пётр, Наталья"),
    "tw_you": ("You play", "Вы играете за"),
    "tw_watch": ("nobody (watch)", "никого (смотреть)"),
    "tw_threshold": ("Computers buy below", "Компьютер прикупает ниже"),
    "tw_rules": ("Rules", "Правила"),
    "tw_seed": ("Seed", "Зерно"),
    "tw_seed_help": ("same seed, same cards for the whole class; empty: random",
                     "одно зерно — одни и те же карты у всего класса; пусто — случайно"),
    "tw_new_table": ("New table", "Новый стол"),
    "tw_banker_by_hand": ("Banker by hand", "Банкир вручную"),
    "tw_draw_banker": ("Next card for the bank (R4)", "Следующая карта на банк (R4)"),
    "tw_draw_all": ("Draw to the first ace (R4)", "Тянуть до первого туза (R4)"),
    "tw_stake": ("Your stake", "Ваша ставка"),
    "tw_stake_button": ("Stake (R5)", "Поставить (R5)"),
    "tw_add_button": ("Add to the stake (R6)", "Прибавить к ставке (R6)"),
    "tw_deal": ("Deal", "Сдать"),
    "tw_buy": ("Buy a card", "Прикупить карту"),
    "tw_stand": ("Stand", "Хватит"),
    "tw_banker_play": ("Banker plays by the rule (R14)", "Банкир играет по правилу (R14)"),
    "tw_odds": ("Odds", "Шансы"),
    "tw_price": ("Price", "Цена"),
    "tw_buy_bank": ("Buy the bank (R20)", "Купить банк (R20)"),
    "tw_player": ("Player", "Игрок"),
    "tw_purse": ("Purse", "Деньги"),
    "tw_stake_col": ("Stake", "Ставка"),
    "tw_cards": ("Cards", "Карты"),
    "tw_total": ("Total", "Очки"),
    "tw_banker_badge": ("banker", "банкир"),
    "tw_you_badge": ("you", "вы"),
    "tw_to_act_badge": ("to act", "ходит"),
    "tw_hidden_total": ("?", "?"),
    "tw_natural": ("natural", "натуральное 21"),
    "tw_bust": ("bust, {total}", "перебор, {total}"),
    "tw_sits_out": ("sits out", "пропускает"),
    "tw_late": ("+{late} late", "+{late} прибавка"),
    "tw_status_choose": ("No banker yet: hand out cards in seat order until an ace (R4), "
                         "or just deal.", "Банкира ещё нет: раздавайте карты по порядку до "
                         "первого туза (R4) или сразу сдавайте."),
    "tw_status_drawing": ("Drawing for the bank: no ace yet (R4).",
                          "Тянем на банк: туза пока нет (R4)."),
    "tw_status_staking": ("The bank: {banker}. Stake and deal (R5, R7).",
                          "Банк держит {banker}. Ставьте и сдавайте (R5, R7)."),
    "tw_status_your_turn": ("Your turn, {seat}: buy a card or stand (R11).",
                            "Ваш ход, {seat}: прикупить карту или «хватит» (R11)."),
    "tw_status_turn": ("{seat} to act (R11).", "Ходит {seat} (R11)."),
    "tw_status_banker": ("The banker {seat} to act: buy, stand, or play by the rule (R14).",
                         "Ход банкира {seat}: прикупить карту, «хватит» или по правилу (R14)."),
    "tw_status_settle": ("The buying is over: settle (R15–R17).",
                         "Прикупка окончена: расчёт (R15–R17)."),
    "tw_status_settled": ("Round {round} is settled. The bank: {banker}. Stake and deal the "
                          "next round (R5, R7).", "Раунд {round} рассчитан. Банк держит "
                          "{banker}: ставьте и сдавайте следующий раунд (R5, R7)."),
    "tw_draw_first": ("the banker is not chosen yet: draw for the bank first (R4), or press "
                      "«Deal»", "банкир ещё не выбран: сначала тяните карты на банк (R4) или "
                      "нажмите «Сдать»"),
    "tw_shoe": ("Cards in the shoe: {left} · discards: {discards} · bank no. {bank} · "
                "rules: {rules}",
                "Карт в колоде: {left} · в сбросе: {discards} · банк № {bank} · правила: {rules}"),
    "tw_settlement": ("Settlement, round {round}", "Расчёт, раунд {round}"),
    "tw_no_payments": ("No payments yet in this round.", "В этом раунде выплат пока нет."),
    "tw_log": ("Log", "Журнал"),
    "ev_first_ace": ("The first ace came on the {ordinal} card: {seat} holds the bank (R4).",
                     "Первый туз пришёл {ordinal} картой: банк держит {seat} (R4)."),
    "odds_for": ("Exact odds for {seat}: the next card is one of the {unseen_cards} this "
                 "player has not seen.", "Точные шансы для игрока {seat}: следующая карта — "
                 "одна из {unseen_cards}, которых этот игрок не видел."),
    "odds_computing": ("Computing the exact odds…", "Считаются точные шансы…"),
    "odds_outcome": ("After one more card", "После ещё одной карты"),
    "odds_probability": ("Probability", "Вероятность"),
    "odds_bust": ("over 21", "перебор"),
    "odds_stand": ("Stand", "Хватит"),
    "odds_buy": ("Buy, then play best", "Прикупить и дальше играть лучше всего"),
    "odds_choice": ("Choice", "Выбор"),
    "odds_value": ("Expected result (stake 1)", "Ожидаемый результат (ставка 1)"),
    "odds_better_buy": ("Better: buy a card.", "Лучше: прикупить карту."),
    "odds_better_stand": ("Better: stand.", "Лучше: «хватит»."),
    "odds_equal": ("Buying and standing are worth exactly the same.",
                   "Прикупить карту и остановиться — ровно одно и то же."),
    "odds_note": ("The values: one player against the banker, stake 1, neither holding a "
                  "natural; the banker follows his rule (R14).", "Значения: один игрок против "
                  "банкира, ставка 1, натурального 21 ни у кого нет; банкир играет по правилу "
                  "(R14)."),
    "odds_none": ("The odds are shown while a player is to buy or stand.",
                  "Шансы видны, пока ходит игрок."),
    "bad_seed": ("the seed {value} is not a whole number (use e.g. 2024, or leave the box "
                 "empty for a random deal)", "зерно {value} — не целое число (введите, "
                 "например, 2024 или оставьте поле пустым для случайной сдачи)"),
    "bad_seed_negative": ("the seed {value} is negative (use a whole number 0 or more, e.g. "
                          "2024, or leave the box empty for a random deal)",
                          "зерно {value} отрицательное (введите целое число не меньше 0, "
                          "например 2024, или оставьте поле пустым для случайной сдачи)"),
    "tw_names_too_long": ("the names box holds {length} characters (use at most {limit}: up "
                          "to 12 names)", "в поле имён {length} символов (можно не больше "
                          "{limit}: до 12 имён)"),
    "bad_amount": ("{value} is not a whole number (use 1, 2, 3, ...)",
                   "{value} — не целое число (введите 1, 2, 3, ...)"),
    "bad_threshold": ("{value} is not a threshold for {name} (use a whole number 2-21, "
                      "e.g. Vera:15)", "{value} — не порог для {name} (введите целое число "
                      "2–21, например Вера:15)"),
    "tw_draw_done": ("the first banker is already chosen: the bank is held by {banker} (R4); "
                     "from now on the bank passes round the table (R19)",
                     "первый банкир уже выбран: банк держит {banker} (R4); дальше банк переходит "
                     "по кругу (R19)"),
    "ev_deal_round": ("Two closed cards to each player, one at a time, the banker last (R7, R8).",
                      "Каждому по две закрытые карты, по одной, банкиру последним (R7, R8)."),
    "tw_no_seat": ("you are watching: choose your seat in «You play» first",
                   "вы только смотрите: сначала выберите место в поле «Вы играете за»"),
    "bad_players": ("{value} is not a number of players (use 2-12)",
                    "{value} — не число игроков (от 2 до 12)"),
    "bc_title": ("Who holds the first bank? (R4)", "Кто первым держит банк? (R4)"),
    "bc_players": ("Players", "Игроки"),
    "bc_next": ("Next card", "Следующая карта"),
    "bc_all": ("To the first ace", "До первого туза"),
    "bc_new": ("Shuffle again", "Перетасовать заново"),
    "bc_animate": ("Animate", "Анимация"),
    "bc_seat": ("Seat {n}", "Место {n}"),
    "bc_start": ("Cards go round the seats one at a time; the first ace holds the bank. "
                 "Press «Next card».", "Карты раздаются по одной по кругу; у кого первый "
                 "туз, тот банкир. Нажмите «Следующая карта»."),
    "bc_waiting": ("No ace yet: {cards_handed}.", "Туза пока нет: {cards_handed}."),
    "bc_result": ("Seat {n} receives the first ace and holds the bank ({cards_handed}).",
                  "Первый туз пришёл на место {n}: этот игрок держит банк ({cards_handed})."),
    "bc_done": ("the first ace has come: seat {seat} holds the bank (R4); press «Shuffle "
                "again» for a new draw", "первый туз уже пришёл: банк держит место {seat} (R4); "
                "нажмите «Перетасовать заново» для новой раздачи"),
    "bc_percent": ("Exact chance", "Точная вероятность"),
    "bc_seat_col": ("Seat", "Место"),
    "bc_exact": ("Exact fraction", "Точная дробь"),
    "bc_simulated": ("Simulated", "Моделирование"),
    "bc_se": ("± standard error", "± стандартная ошибка"),
    "bc_trials": ("Simulated draws", "Число опытов"),
    "bc_simulate": ("Simulate", "Смоделировать"),
    "bc_sim_note": ("{n} simulated draws with seed {seed}.",
                    "Смоделировано раздач: {n}, зерно {seed}."),
    "bc_no_sim": ("Press «Simulate» to compare with a simulation.",
                  "Нажмите «Смоделировать», чтобы сравнить с моделированием."),
    # the self-study record of a lesson's exercises (quiz_record)
    "record_title": ("Your exercises in lesson {lesson}", "Ваши упражнения урока {lesson}"),
    "record_exercise": ("Exercise", "Упражнение"),
    "record_answered": ("Answered", "Ответ дан"),
    "record_tries": ("Tries", "Попыток"),
    "record_right": ("Right", "Верно"),
    "record_yes": ("yes", "да"),
    "record_no": ("no", "нет"),
    "record_not_shown": ("not shown yet", "ещё не показано"),
    "record_summary": ("{answered} of {total} answered, {right} right.",
                       "Ответ дан: {answered} из {total}, верно: {right}."),
    "record_none": ("Lesson {lesson} has no exercises.", "В уроке {lesson} нет упражнений."),
    "record_private": ("Kept in this notebook's kernel only; sent nowhere.",
                       "Хранится только в ядре этого блокнота и никуда не отправляется."),
}

# Counted phrases: a format field of TEXT with one of these names takes a whole number and is
# written with the right plural, ((English one, other), (Russian one, few, many)).
COUNTED: dict[str, tuple[tuple[str, str], tuple[str, str, str]]] = {
    "significant_digits": (("{n} significant digit", "{n} significant digits"),
                           ("{n} значащая цифра", "{n} значащие цифры", "{n} значащих цифр")),
    "cards_handed": (("{n} card handed out", "{n} cards handed out"),
                     ("роздана {n} карта", "розданы {n} карты", "роздано {n} карт")),
    "unseen_cards": (("{n} card", "{n} cards"),  # "one of the 97 cards", «одна из 101 карты»
                     ("{n} карты", "{n} карт", "{n} карт")),
}


def check_language(language: str) -> str:
    """The language code if it is one the widgets speak ('en' or 'ru')."""
    if not (isinstance(language, str) and language in LANGUAGES):
        raise RuleError("language_widgets", language=quote(language))
    return language


def text(key: str, language: str = "en", **fields) -> str:
    """The widget text for `key` in `language`, with the format fields filled in; a field named
    in COUNTED is a count, written with its noun in the right plural."""
    english, russian = TEXT[key]
    template = russian if check_language(language) == "ru" else english
    fields = {name: counted(name, value, language) if name in COUNTED else value
              for name, value in fields.items()}
    return template.format(**fields) if fields else template


def plural_form(n: int, language: str) -> int:
    """Which plural form a count takes: English 0 (one) or 1 (other); Russian 0 (одна карта),
    1 (две карты) or 2 (пять карт), by the last two digits."""
    n = abs(n)
    if check_language(language) == "en":
        return 0 if n == 1 else 1
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def ordinal(n: int, language: str = "en") -> str:
    """A position in words' shorthand: 1st, 2nd, 3rd, 11th, 22nd in English; 38-й in Russian."""
    if check_language(language) == "ru":
        return f"{n}-й"
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def counted(name: str, n: int, language: str = "en") -> str:
    """A count with its noun: counted('cards_handed', 1) is '1 card handed out'."""
    english, russian = COUNTED[name]
    forms = russian if check_language(language) == "ru" else english
    return forms[plural_form(n, language)].format(n=n)
