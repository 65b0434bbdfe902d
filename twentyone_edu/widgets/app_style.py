"""The course app's own style, injected once with its header and scoped to its classes: type
readable from the back of a classroom, rows that wrap on a phone, 44 px tap targets, a focus
ring that shows on every button."""

# The ring is dark blue with a white gap, so that it shows on the blue «Deal» as on white.
FOCUS = "outline: 3px solid #0b3d91 !important; outline-offset: 2px !important;"

# The app's type (17 px), and the odds' flex basis in its em: the odds sit beside the seats when
# ODDS_BASIS_EM × APP_FONT_PX is left, and go under them when the dealt hands leave less.
APP_FONT_PX = 17
KEPT_GREY = "#5a5a5a"  # 6.9:1 on white
ODDS_BASIS_EM = 13
# «Bigger cells»: on a phone the strategy map shows this many whole columns of cells at a time,
# scrolling sideways a column at a step (strategy.py sets the map's width for it)
MAP_COLUMNS_IN_VIEW = 4

# The first banker's seats: a seat of n cards steps each card --t21-bc-step from the one before,
# or less if the n do not fit the seat's width (100cqw), so that a long draw overlaps only as
# much as it must (UX review 15: seven cards 8 px apart in a 185 px seat on a projector); a
# card is 1/1.4 as wide as high
BC_MOST_CARDS = 24
BC_CROWDED = "\n".join(
    f".t21-app .t21-bc-seat svg:first-child:nth-last-child({cards}) ~ svg {{ margin-left: "
    f"calc(min(var(--t21-bc-step), (100cqw - var(--t21-bc-card) / 1.4) / {cards - 1}) "
    f"- var(--t21-bc-card) / 1.4) !important; }}"
    for cards in range(2, BC_MOST_CARDS + 1))


def steady_columns(player: int, purse: int, stake: int) -> str:
    """The seats' Player, Purse and Stake columns this many px wide from the deal to the
    settlement, so that the cards beside them do not move sideways."""
    return "".join(
        f"  .t21-app .t21-seats th:nth-child({n}),\n"
        f"  .t21-app .t21-seats tr:not(.t21-result-row) > td:nth-child({n}) {{\n"
        f"    width: {px}px; min-width: {px}px;{' white-space: nowrap;' if n == 2 else ''} }}\n"
        for n, px in ((1, player), (2, purse), (3, stake)))


APP_STYLE = f"""<style>
.t21-app {{
  --jp-widgets-font-size: {APP_FONT_PX}px; --jp-ui-font-size1: {APP_FONT_PX}px;
  --jp-content-font-size1: {APP_FONT_PX}px;
  --jp-widgets-inline-height: 44px; --jp-widgets-inline-label-width: auto;
  font-size: {APP_FONT_PX}px; max-width: 100%; box-sizing: border-box;
  touch-action: manipulation;  /* a double tap on a phone taps twice; it does not zoom */
}}
.t21-app .widget-html-content, .t21-app .widget-label, .t21-app small, .t21-app td,
.t21-app th, .t21-app li, .t21-app summary {{ font-size: {APP_FONT_PX}px; line-height: 1.35; }}
.t21-app .widget-hbox, .t21-app .widget-box.widget-hbox {{ flex-wrap: wrap; max-width: 100%; }}
.t21-app .widget-inline-hbox {{ flex-wrap: wrap; max-width: 100%; height: auto; }}
.t21-app .widget-inline-hbox .widget-label {{ min-width: 0; max-width: 100%; }}
.t21-app .widget-text, .t21-app .widget-dropdown, .t21-app .widget-inline-hbox {{
  max-width: 100%; }}
/* (a menu as wide as its column, its 2 px margins inside it: UX review 19 saw the banker's
   menu of "When to buy" cut at its right edge by the map beside it) */
.t21-app .t21-columns .widget-dropdown {{ max-width: calc(100% - 4px); }}
.t21-app input[type=text], .t21-app input[type=number], .t21-app select,
.t21-app textarea {{ min-width: 0; max-width: 100%; font-size: {APP_FONT_PX}px; }}
.t21-app button, .t21-app .widget-button, .t21-app .widget-toggle-button,
.t21-app select, .t21-app input[type=text], .t21-app input[type=number],
.t21-app .widget-checkbox, .t21-app summary {{ min-height: 44px; height: auto; }}
.t21-app .widget-button, .t21-app .widget-toggle-button {{ font-size: {APP_FONT_PX}px;
  padding: 4px 12px; max-width: 100%; white-space: normal; line-height: 1.25; }}
.t21-app .widget-checkbox input {{ width: 28px; height: 28px; }}
/* a box's words take the tap too: the whole line is a 44 px target (UX review 12: 24 px) */
.t21-app .widget-checkbox label {{ min-height: 44px; display: flex; align-items: center;
  gap: 8px; cursor: pointer; }}
.t21-app .widget-toggle-buttons .widget-toggle-button {{ width: auto !important; }}
.t21-app .widget-toggle-button.mod-active {{ box-shadow: inset 0 -4px 0 #0b3d91; }}
.t21-app button:disabled {{ background-color: #e4e4e4 !important; color: #555 !important;
  opacity: 1; }}
/* the ring for the keyboard only: a tap or a click shows none (a ring on a chip beside the
   chosen one reads as a second choice) */
.t21-app :focus-visible, .t21-app .lm-TabBar-tab:focus-visible {{ {FOCUS} }}
.t21-app :focus:not(:focus-visible) {{ outline: none !important; }}
/* a text box too (ipywidgets' own `outline: none !important` outranks the ring above) */
.t21-app .widget-text input[type=text]:focus-visible,
.t21-app .widget-text input[type=number]:focus-visible,
.t21-app .widget-textarea textarea:focus-visible {{ {FOCUS} }}
/* a tap on one of the map's cells leaves no ring beside the frame the picture draws round the
   chosen cell; the keyboard's arrows do (strategy.MAP_KEYS) */
.t21-app .t21-strategy-hits button:focus:not(:focus-visible) {{ outline: none !important; }}
.t21-app .t21-strategy-hits button:focus-visible {{ {FOCUS} outline-offset: -3px !important; }}
/* (after a tap or a click, until a key is pressed, no ring but a text box's: app.POINTER_MODE) */
body.t21-by-pointer .t21-app :focus-visible, body.t21-by-pointer .t21-app-tabs :focus-visible {{
  outline: none !important; }}
.t21-app-tabs .lm-TabBar-content {{ flex-wrap: wrap; }}
.t21-app-tabs .lm-TabBar, .t21-app-tabs .lm-TabBar-content {{
  height: auto !important; min-height: 44px !important; max-height: none !important;
  overflow: visible !important; }}
.t21-app-tabs .lm-TabBar-tab {{ flex: 0 0 auto !important; max-width: none !important;
  min-width: 0 !important; min-height: 44px !important; height: auto !important;
  align-items: center; padding: 6px 12px !important; font-size: {APP_FONT_PX}px !important;
  line-height: 1.3 !important; }}
.t21-app-tabs .lm-TabBar-tabLabel {{ overflow: visible; white-space: nowrap;
  line-height: 1.3 !important; }}
.t21-app .t21-seats, .t21-app .t21-odds-view {{ max-width: 100%; overflow-x: auto; }}
/* the simulation's chart as wide in its column with the answer under it as it was alone (its
   text is sized to the width it is shown at) */
.t21-app .t21-sim-picture > * {{ margin-left: 0 !important; margin-right: 0 !important; }}
.t21-app .widget-html-content {{ flex-shrink: 1; min-width: 0; max-width: 100%; }}
.t21-app .t21-exact summary {{ white-space: normal; }}
.t21-app .t21-seats th {{ white-space: nowrap; }}
.t21-app .t21-seats td, .t21-app .t21-seats th {{ vertical-align: middle; }}
.t21-app .t21-seat-cards > div {{ flex-wrap: nowrap !important; }}
.t21-app .t21-seat-cards svg + svg {{ margin-left: -24px !important; }}
/* the points ("перебор, 25") wrap, leaving the odds their room beside the seats */
.t21-app .t21-seat-cards + td b {{ display: inline-block; max-width: 5em; }}
/* the rules and their source, folded at the app's foot at every size (UX review 13: the
   log's rule codes could not be looked up) */
.t21-app .t21-app-about {{ display: flex; margin-left: 8px; }}
.t21-app .t21-app-about summary {{ display: list-item; line-height: 44px; }}
.t21-app .t21-rules-list td, .t21-app .t21-rules-list th {{ vertical-align: top;
  white-space: normal; padding: 2px 4px; }}
/* (the student's result in his own row; beside the seats on a projector, over the settlement)
*/
.t21-app .t21-settlement .t21-result {{ display: none; }}
/* the last round's settlement, kept through the deal, greyed (UX review 19: "You: 16 … lost
   3" read beside a new hand of 13) */
.t21-app .t21-settlement .t21-kept {{ color: {KEPT_GREY}; }}
/* rule codes ("(R4)") are the lessons' cross-references: the app shows them in its log only */
.t21-app .t21-rule-code {{ display: none; }}
.t21-app .t21-stake-under {{ display: none; }}
.t21-app .t21-late-short {{ display: none; }}
.t21-app .t21-purse-word {{ display: none; }}  /* (a phone's seat names its purse: no heading) */
.t21-app .t21-app-header {{ flex: 1 1 28em; min-width: 0; }}
.t21-app .t21-stake {{ width: auto !important; flex-wrap: nowrap; align-items: center; }}
.t21-app .t21-stake input {{ width: 5em; flex: 0 0 5em; }}
.t21-app .t21-stake .widget-label {{ align-self: center; line-height: 1.35; }}
.t21-app .t21-strategy-menus-hint {{ display: none; }}
/* the first banker's players and seed side by side, each label left of its box (no stair) */
.t21-app .t21-bc-players, .t21-app .t21-bc-seed {{ width: auto !important; flex-wrap: nowrap;
  align-items: center; }}
.t21-app .t21-bc-players input, .t21-app .t21-bc-seed input {{ width: 5em; flex: 0 0 5em; }}
/* the first banker's chances: a row a line high where the width allows */
.t21-app .t21-bc-table summary, .t21-app .t21-bc-table td,
.t21-app .t21-bc-table th {{ white-space: nowrap; }}
.t21-app .t21-bc-table .t21-bc-bars {{ min-width: 5em; }}
.t21-app .t21-bc-table code {{ white-space: normal; }}
/* the first banker's seats: cards 60 px, overlapped in one row, the row's height kept */
.t21-app .t21-bc-seat {{ --t21-bc-card: 60px; --t21-bc-step: 23px; }}
.t21-app .t21-bc-seat svg {{ height: var(--t21-bc-card) !important; width: auto !important;
  margin: 0 !important; }}
.t21-app .t21-bc-seat .t21-bc-cards {{ container-type: inline-size; }}
.t21-app .t21-bc-seat .t21-bc-cards > div {{ flex-wrap: nowrap !important; }}
/* a long draw (CI 50: five cards of a seat at 360 px ran past the screen's edge): the more
   cards a seat holds, the more they overlap, so that up to BC_MOST_CARDS fit its box */
{BC_CROWDED}/* «Show the exact chances» and «Hide …» one width, so the menu beside it stays put */
.t21-app .t21-bc-show-exact {{ min-width: 17.5em; }}
.t21-app .t21-bc-animate {{ min-width: 10.5em; }}  /* (and «Animate» and «Stop the animation») */
/* the buttons' row keeps its height while the others play (no button shown), and the status
   the height of its usual sentences, so that the seats stay put from the deal to the result */
.t21-app .t21-actions {{ min-height: 48px; align-items: center; }}
/* a seat's badges («banker», «to act») and the first banker's «— banker» in the app's type
   (UX review 8: 14.5 px on a projector) */
.t21-app .t21-seats td:first-child span, .t21-app .t21-bc-seat span {{
  font-size: {APP_FONT_PX}px !important; }}
/* «Deal» is the call to play: big and bold, in every round and language (UX review 8: the
   table opened as a form; UX review 12: after the first round it shrank) */
.t21-app .t21-deal {{ font-size: 22px !important; font-weight: bold;
  padding: 6px 28px !important; }}

/* a projector and wider: the cards at full size (84 px), overlapped a little more */
/* a rules' menu as wide as its longest name, under its label when the two do not fit on one
   line (UX review 19: "historical (19th-century Russ" and «двадцать одно (Россия» cut) */
@media (min-width: 601px) {{
  .t21-app :is(.t21-advice-rules, .t21-sim-rules, .t21-strategy-rules, .t21-rules) {{
    width: auto !important; }}
  .t21-app :is(.t21-advice-rules, .t21-sim-rules, .t21-strategy-rules, .t21-rules) select {{
    flex: 0 1 auto !important; width: auto !important; }}
}}
@media (min-width: 1000px) {{
  .t21-app .t21-seat-cards svg + svg {{ margin-left: -30px !important; }}
  /* the numbers and the sentence a class reads from the back row: 22 px and up */
  .t21-app .t21-seats td, .t21-app .t21-status, .t21-app .t21-status .widget-html-content {{
    font-size: 22px; }}
  .t21-app .t21-status, .t21-app .t21-status .widget-html-content {{ line-height: 1.25; }}
  /* UX review 6's projector scale: the lines under the seats (the shoe, the settlement, the
     log) in the same 22 px, the odds' answer too, their table in 20 px */
  .t21-app .t21-shoe, .t21-app .t21-log, .t21-app .t21-log *,
  .t21-app .t21-odds-view .t21-odds-verdict, .t21-app .t21-settlement .t21-result {{
    font-size: 22px; }}
  /* (the settlement beside the seats in the odds' type: five lines fit under the result) */
  .t21-app .t21-settlement, .t21-app .t21-settlement li {{ font-size: 20px; line-height: 1.2; }}
  /* (the words inside the odds' box, not the box: its flex basis, ODDS_BASIS_EM, stays in the
     app's own em, so the odds go beside the seats wherever they went before) */
  .t21-app .t21-odds-view .widget-html-content, .t21-app .t21-odds-view td,
  .t21-app .t21-odds-view th {{ font-size: 20px; }}
  .t21-app .t21-status {{ min-height: calc(2 * 1.25em); }}
  .t21-app .t21-message:has(.widget-html-content:empty) {{ display: none; }}
  /* a total takes the width of its longest word («натуральное»), not a 5em box it overflows */
  .t21-app .t21-seat-cards + td b {{ display: inline; max-width: none; }}
}}
/* round 7: on a desktop the Player, Purse and Stake columns as wide from the deal to the
   settlement (room for a banker's and a «to act» badge, a purse's «(−1)», any stake), so the
   cards do not move sideways (a projector's are narrower: below) */
@media (min-width: 1200px) {{
{steady_columns(250, 130, 80)}}}
@media (min-width: 1000px) {{
  /* the tab names the table: its title gives way, «Table settings» sits at the right of the
     buttons' row (which leaves it room), and the seats start 50 px higher */
  .t21-app .t21-table-widget {{ position: relative; }}
  .t21-app .t21-table-heading {{ position: absolute; top: 2px; right: 2px; z-index: 1;
    width: auto; }}
  .t21-app .t21-table-title {{ display: none; }}
  .t21-app .t21-actions {{ padding-right: 11em; }}
  /* a purse's change on a line under it: a banker's «120 (+12)» does not widen the Purse
     column and push the cards sideways (a CI run: 13 px) */
  .t21-app .t21-seats .t21-purse-change {{ display: block; }}
  /* the student's result at the top of the column beside the seats, the settlement under it
     (UX review 18: under five seats they fell below 768 px), not in a row of the table; while
     a round is played its payments so far fold, and the odds are at the top */
  .t21-app .t21-seats .t21-result-row {{ display: none; }}
  /* a stake added after the deal as «+1» under the stake (its words in a tooltip, the log
     and the result): UX review 19, the words widened the column and moved the cards 34 px */
  .t21-app .t21-seats .t21-late {{ display: none !important; }}
  .t21-app .t21-seats .t21-late-short {{ display: block; }}
  .t21-app .t21-side {{ padding-left: 12px; box-sizing: border-box; }}
  .t21-app .t21-side > .t21-settlement {{ order: -1; }}
  .t21-app .t21-settlement .t21-result {{ display: block; margin-bottom: 6px; }}
  .t21-app .t21-side .t21-settlement .t21-playing {{ display: none; }}
  /* «Table settings» open under their button, over the seats (UX review 18: 430 px below it,
     under five seats), between rounds only */
  .t21-app .t21-table-widget > .t21-controls {{ order: -2; }}
  .t21-app .t21-table-widget > .t21-settings {{ order: -1; margin-bottom: 8px; }}
  /* "When to buy": the map takes the room the menus leave, its cells 44 px and more (UX
     review 6, D21: 35 px on a projector) */
  .t21-app .t21-strategy .t21-columns > .t21-column {{ flex: 0 1 300px !important; }}
  .t21-app .t21-strategy .t21-columns > :last-child {{ flex: 1 1 0 !important;
    max-width: 700px; }}
  .t21-app .t21-strategy-map, .t21-app .t21-strategy-chart,
  .t21-app .t21-strategy-chart .widget-html-content, .t21-app .t21-strategy-chart img {{
    width: 100% !important; max-width: none !important; }}
  /* the chosen hand's answer in one line right over the map, where the class looks after a
     tap (UX review 15: only in the left column, 300 px away) */
  .t21-app .t21-strategy .t21-strategy-echo {{ display: block !important; font-size: 20px;
    font-weight: bold; min-height: 1.3em; margin: 0 0 2px 0; }}
  /* round 7: every tab's answer in the table result's type: 22 px bold */
  .t21-app [class^="t21-verdict-"], .t21-app .t21-sim-verdict {{ font-size: 22px;
    font-weight: bold; line-height: 1.25; }}
}}
/* a projector: the same steady columns, narrower, with the odds open too (UX review 18: a
   column moved 59 px as they opened) */
@media (min-width: 1000px) and (max-width: 1199px) {{
  /* a seat's badges («banker», «to act») each on a line of its own under the name: a seat is
     as tall as its cards anyway, and the name column keeps one width when the badges come;
     min-width: a hand of six cards and more does not squeeze the columns (CI 22: 12 px) */
  .t21-app .t21-seats td:first-child > b, .t21-app .t21-seats td:first-child > span {{
    display: table; margin-top: 2px; }}
  /* (the turn's ring on the name's line) */
  .t21-app .t21-seats td:first-child > .t21-turn {{ display: inline-block; float: left;
    margin-top: 3px; }}
{steady_columns(100, 80, 30)}}}
@media (max-width: 999px) {{
  .t21-app .t21-seat-cards svg {{ height: 64px !important; width: auto !important; }}
}}
/* a phone, or a projector under 800 px tall: the citation goes (it is in the rules at the
   app's foot), the title stays, so the whole table fits the screen */
@media (max-width: 600px), (max-height: 800px) {{
  .t21-app .t21-app-intro {{ display: none; }}
}}
/* a projector 768 px tall: cards 76 px, not 84, and a smaller shoe over the seats before the
   first round, so that five seats fit under «Deal» (UX review 21 saw the fifth cut) */
@media (min-width: 1000px) and (max-height: 800px) {{
  .t21-app .t21-seat-cards svg {{ height: 76px !important; width: auto !important; }}
  .t21-app .t21-seats caption .t21-shoe-picture svg {{ height: 36px; width: auto; }}
}}
@media (max-width: 380px) {{
  /* the first banker's seats three to a row again, cards 50 px: two to a row took three rows,
     and the tenth card of a Russian draw fell under a 360×800 screen (CI 55) */
  .t21-app .t21-bc-seats .t21-bc-seat {{ flex: 1 1 28% !important; --t21-bc-card: 50px;
    --t21-bc-step: 22px; }}
  /* (the student's turn: «Ставка», its box and «Прибавить к ставке» on one row, «Шансы»
     under them, and a two-line status) */
  .t21-app .t21-controls {{ min-height: 200px !important; }}
}}
@media (max-width: 600px) {{
  .t21-app {{ --jp-widgets-font-size: 16px; font-size: 16px; }}
  /* the student's turn takes two rows of buttons and a short status, the settlement two rows
     and a long status (four lines of Russian at 412 px for a banker's natural): the box keeps
     the taller height, so the seats stay put */
  .t21-app .t21-controls {{ min-height: 165px; }}
  /* the stake's box as wide as a stake, so «Deal» and «Your stake» (Russian too) share a row
     with «Table settings» from 381 px up */
  .t21-app .t21-stake input {{ width: 3.2em; flex: 0 0 3.2em; }}
  /* (and a big «Deal» narrow enough to share it from 412 px: UX review 12 kept it big in every
     round, and a row of its own pushed the seats down at the settlement) */
  .t21-app .t21-deal {{ padding: 6px 14px !important; }}
  /* round 7: the tab names the table (as on a projector): its title gives way, «Table
     settings» (on two lines) sits at the right of the Deal row, and the seats start higher */
  .t21-app .t21-table-widget {{ position: relative; }}
  .t21-app .t21-table-heading {{ position: absolute; top: 0; right: 0; z-index: 1;
    width: auto; }}
  .t21-app .t21-table-title {{ display: none; }}
  /* so does the first banker's question (the tabs, wrapped into rows, took its room) */
  .t21-app .t21-bc-heading {{ display: none !important; }}
  .t21-app .t21-settings-toggle {{ max-width: 7.5em; margin-right: 0; }}
  .t21-app .t21-actions {{ padding-right: 7.7em; }}
  /* while the student decides, Buy and Stand take the whole row (no settings mid-round) */
  .t21-app .t21-deciding .t21-actions {{ padding-right: 0; }}
  .t21-app .t21-deciding .t21-table-heading {{ display: none; }}
  /* and the stake («Your stake» and its box), «Add to the stake» and «Odds» under them; the
     odds open in the student's own row, under his cards (UX review 8: above the seats they
     pushed his hand off the screen) */
  .t21-app .t21-actions .t21-stake, .t21-app .t21-actions .t21-stake-button,
  .t21-app .t21-actions .t21-odds {{ order: 1; }}
  .t21-app .t21-odds-view {{ display: none !important; }}
  .t21-app .t21-seats .t21-odds-row {{ display: block !important; background: #fffbe6; }}
  .t21-app .t21-seats .t21-odds-row > td {{ display: block; }}
  .t21-app .t21-seats .t21-odds-row th, .t21-app .t21-seats .t21-odds-row td {{
    white-space: normal; font-size: 16px !important; }}
  .t21-app .t21-odds-row table {{ width: auto !important; }}
  /* a control's label as tall as its words: one that wraps above its menu leaves no 44 px
     line of blank between them (round 8) */
  .t21-app .widget-inline-hbox > .widget-label {{ line-height: 1.3 !important; }}
  .t21-app td, .t21-app th {{ padding: 1px 2px !important; font-size: 16px; }}
  /* the Stake column folds away: each stake under its purse, so Russian totals fit 360 px */
  .t21-app .t21-seats .t21-stake-col {{ display: none; }}
  .t21-app .t21-stake-under {{ display: block; font-size: 16px; white-space: nowrap; }}
  /* a total takes the width of its longest word («натуральное»), not a 5em box it overflows */
  .t21-app .t21-seat-cards + td b {{ display: inline; max-width: none; }}
  .t21-app .t21-seats td:last-child b {{ font-size: 16px; }}  /* the total: read first */
  .t21-app .t21-seats td, .t21-app .t21-seats th {{ padding: 1px !important; }}
  /* each seat a card of its own (UX review 17: a Russian «натуральное 21» left the cards'
     column one card wide, each hand a stack): the name, its badges and the purse on one line,
     the hand across the screen under them and its total beside it; the headings go, each
     purse says what it is */
  .t21-app .t21-seats, .t21-app .t21-seats .widget-html-content {{ width: 100%;
    box-sizing: border-box; }}
  .t21-app .t21-seats table, .t21-app .t21-seats tbody {{ display: block; width: 100%;
    box-sizing: border-box; }}
  /* the banker first, above the players (UX review 22: last, his cards were under the fold
     when the student's result came, the why out of sight); the seats' numbers keep R7's order */
  .t21-app .t21-seats tbody {{ display: flex; flex-direction: column; }}
  .t21-app .t21-seats tbody > tr.t21-banker-row {{ order: -1; }}
  .t21-app .t21-seats thead {{ display: none; }}
  .t21-app .t21-seats caption {{ display: block; }}
  .t21-app .t21-seats tbody > tr:not(.t21-result-row):not(.t21-odds-row) {{ display: flex;
    flex-wrap: wrap; align-items: center; column-gap: 8px; padding: 2px 4px; }}
  .t21-app .t21-seats tbody > tr:not(.t21-result-row):not(.t21-odds-row)::after {{
    content: ""; flex-basis: 100%; order: 2; }}  /* (the line's end after the purse) */
  .t21-app .t21-seats tr > td:nth-child(1) {{ order: 1; flex: 1 1 auto; min-width: 0; }}
  .t21-app .t21-seats tr > td:nth-child(2) {{ order: 1; flex: 0 0 auto; text-align: right; }}
  /* (the hand as wide as its cards: a total with no room beside them, «натуральное 21» by
     six cards at 360 px, goes under them at the right, not the cards into two rows) */
  .t21-app .t21-seats tr > td.t21-seat-cards {{ order: 3; flex: 1 1 auto; min-width: 0; }}
  .t21-app .t21-seats tr > td:nth-child(5) {{ order: 3; flex: 0 0 auto; text-align: right;
    margin-left: auto; }}
  .t21-app .t21-seats .t21-purse-word {{ display: inline; }}
  .t21-app .t21-seats .t21-result-row, .t21-app .t21-seats .t21-result-row td {{
    display: block; }}
  /* cards 64 px high, each under the next by a little under half its width: six in one row
     at 360 px, eight in two rows at most */
  .t21-app .t21-seat-cards svg {{ height: 64px !important; width: auto !important; }}
  .t21-app .t21-seat-cards > div {{ flex-wrap: wrap !important; padding-left: 22px;
    box-sizing: border-box; }}
  .t21-app .t21-seat-cards svg, .t21-app .t21-seat-cards svg + svg {{
    margin-left: -22px !important; }}
  .t21-app .t21-seats tr:not(.t21-result-row) > td:first-child span {{ white-space: nowrap;
    font-size: 16px !important; }}
  .t21-app .t21-bc-seat span {{ font-size: 14px !important; }}
  /* the log without a scrolling box of its own: a swipe on it scrolls the page (UX review 8) */
  .t21-app .t21-log [role=log] {{ max-height: none !important; overflow: visible !important; }}
  .t21-app-tabs .widget-tab-contents, .t21-app-tabs > .lm-Panel {{ padding: 6px 4px !important; }}
  .t21-app .t21-table-widget {{ padding: 0 !important; }}
  .t21-app .t21-seats td:first-child b {{ font-size: 16px; }}
  /* a compact header (UX review 6: it took the top 230 px): the title on one line; the tabs
     wrap into rows, every activity in sight (UX review 7: one strip that scrolled sideways
     hid one or two tabs past the edge, with nothing to say so) */
  .t21-app-header h2 {{ font-size: {APP_FONT_PX}px; }}
  /* (the name alone, on one row with the languages: UX review 12, a 215 px header) */
  .t21-app-header .t21-app-subtitle {{ display: none; }}
  .t21-app .t21-app-header {{ flex: 0 1 auto; min-width: 0; }}
  .t21-app .t21-app-header h2 {{ font-size: 16px; }}
  .t21-app .t21-app-language .widget-toggle-button {{ padding: 4px 6px; }}
  .t21-app .widget-button, .t21-app .widget-toggle-button {{ padding: 4px 8px; }}
  .t21-app .t21-actions .t21-buy {{ max-width: calc(55% - 6px); }}
  /* (the two opposite choices apart: a thumb meant for one does not land on the other, UX
     review 16: 4 px) */
  .t21-app .t21-actions .t21-stand {{ max-width: calc(45% - 6px);
    margin-left: 8px !important; }}
  .t21-app-tabs .lm-TabBar-tab {{ padding: 6px 8px !important; font-size: 16px !important; }}
  /* "Simulation": the class's guess and Run first, then the chart it draws, in sight while it
     runs (UX review 8: under the settings and the verdict the chart ran below the screen), the
     answer under the chart, then the run's status and the settings, which have their
     defaults */
  .t21-app .t21-simulation .t21-columns {{ flex-direction: column !important;
    flex-wrap: nowrap !important; }}
  .t21-app .t21-simulation .t21-column, .t21-app .t21-simulation .t21-sim-picture {{
    display: contents !important; }}
  .t21-app .t21-simulation .t21-column > * {{ order: 4; }}
  .t21-app .t21-simulation .t21-column > :is(.t21-guess, .t21-message),
  .t21-app .t21-simulation .t21-column > .widget-hbox:has(.t21-sim-run) {{ order: 0; }}
  .t21-app .t21-simulation .t21-sim-chart {{ order: 1; }}
  .t21-app .t21-simulation .t21-sim-result {{ order: 2; }}
  /* "19 or 20?": the chart (the answer) right after the hands, the status and the verdict;
     the cards to tap right under the chart, so that a tap's effect is in sight (UX review 9:
     500 px apart); the boxes and the exact numbers after them */
  .t21-app .t21-advice .t21-columns {{ flex-direction: column !important;
    flex-wrap: nowrap !important; }}
  .t21-app .t21-advice .t21-column, .t21-app .t21-advice .t21-advice-side {{
    display: contents !important; }}
  .t21-app .t21-advice .t21-columns > *, .t21-app .t21-advice .t21-column > *,
  .t21-app .t21-advice .t21-advice-side > * {{
    flex: 0 0 auto !important; order: 3; max-width: 100%; align-self: stretch; }}
  .t21-app .t21-advice .t21-column > :nth-child(-n+4) {{ order: 0; }}
  .t21-app .t21-advice .t21-advice-side > .t21-advice-chart {{ order: 1; }}
  .t21-app .t21-advice .t21-advice-side > .t21-advice-picker {{ order: 2; }}
  /* (no box for the chances before the guess: the cards to tap right under it) */
  .t21-app .t21-advice .t21-guess-cover {{ display: none !important; }}
  /* "When to buy": the question and its guesses first (UX review 24), the map right after
     the two menus of the hand (round 8: under the word that the menus do what its small
     cells do, so it is read before a tap), the answer for the hand straight under the map
     (round 7: in the screen after a tap), then the legend, and the rules last */
  .t21-app .t21-strategy .t21-columns {{ flex-direction: column !important;
    flex-wrap: nowrap !important; }}
  .t21-app .t21-strategy .t21-column,
  .t21-app .t21-strategy .t21-columns > :last-child {{ display: contents !important; }}
  .t21-app .t21-strategy .t21-column > *,
  .t21-app .t21-strategy .t21-columns > :last-child > * {{
    flex: 0 0 auto !important; order: 2; max-width: 100%; align-self: stretch; }}
  .t21-app .t21-strategy .t21-column > :is(.t21-strategy-statusrow, .t21-guess) {{
    order: 0; }}
  .t21-app .t21-strategy .t21-column > .t21-strategy-hand {{ order: 1; }}
  .t21-app .t21-strategy .t21-columns .t21-strategy-mapbox,
  .t21-app .t21-strategy .t21-columns .t21-strategy-hintrow {{ order: 1; }}
  /* «Bigger cells»: 44 px cells (the grid is 68 % of a 660 px map, 10 cells a row), the map
     scrolling sideways inside its box, not the page */
  .t21-app .t21-strategy-hintrow {{ align-items: center; gap: 8px;
    flex-wrap: nowrap !important; }}
  .t21-app .t21-strategy-hintrow > .t21-strategy-hint {{ flex: 1 1 0 !important;
    min-width: 0 !important; }}
  .t21-app .t21-strategy-zoom {{ display: inline-flex !important; flex: 0 0 auto; }}
  .t21-app .t21-strategy-mapbox {{ overflow-x: auto; }}
  /* (MAP_COLUMNS_IN_VIEW whole columns in the box's width, --t21-map-f times it, the first
     cards' labels over the map's margin, and a swipe stops at a column's edge: UX review 15
     found a column cut in half at the left edge) */
  .t21-app .t21-strategy-zoomed {{ container-type: inline-size; scroll-snap-type: x mandatory;
    --t21-map-width: calc(100cqw * var(--t21-map-f, 1.8)); }}
  .t21-app .t21-strategy-zoomed .t21-strategy-map,
  .t21-app .t21-strategy-zoomed .t21-strategy-hits {{ overflow: visible !important; }}
  .t21-app .t21-strategy-zoomed .t21-strategy-hits button {{ scroll-snap-align: start;
    scroll-margin-left: calc(var(--t21-map-width) * var(--t21-map-l, 0)); }}
  .t21-app .t21-strategy-zoomed .t21-strategy-map {{ flex: 0 0 var(--t21-map-width) !important;
    width: var(--t21-map-width) !important; max-width: none !important; }}
  .t21-app .t21-strategy-zoomed .t21-strategy-chart,
  .t21-app .t21-strategy-zoomed .t21-strategy-chart .widget-html-content,
  .t21-app .t21-strategy-zoomed .t21-strategy-chart img {{
    width: var(--t21-map-width) !important; max-width: none !important; }}
  .t21-app .t21-strategy-zoomed .t21-rowlabels {{
    width: calc(var(--t21-map-width) * var(--t21-map-l, 0)); }}
  /* the zoomed map is taller than the screen, its full answer under it out of sight: the
     chosen hand's answer in one line right over the map (UX review 10) */
  .t21-app .t21-strategy-big .t21-columns .t21-strategy-echo {{ display: block !important;
    order: 1 !important;
    font-size: 18px; min-height: 2.7em; margin: 0 0 4px 0; }}
  /* (and its first cards stay at the left edge, over the map's own, as it scrolls) */
  .t21-app .t21-strategy-zoomed .t21-strategy-rowlabels {{ display: block !important;
    position: sticky; left: 0; z-index: 2; flex: 0 0 0px; width: 0; min-width: 0 !important;
    margin: 0 !important; overflow: visible;
    align-self: stretch; }}
  .t21-app .t21-strategy-rowlabels .widget-html-content {{ height: 100%; overflow: visible; }}
  .t21-app .t21-strategy-rowlabels .t21-rowlabels > div {{ display: flex;
    align-items: center; justify-content: center; font-weight: bold; font-size: 16px; }}
  .t21-app .t21-strategy .t21-columns .t21-strategy-legend {{ order: 3; }}
  .t21-app .t21-strategy .t21-column > .t21-strategy-settings {{ order: 4; }}
  /* (16 px, as all the app's text: UX review 19 read 14 px) */
  .t21-app .t21-strategy-menus-hint {{ display: block; font-weight: bold; font-size: 16px;
    line-height: 1.2; }}
  /* a chart's «being drawn» box as wide as the screen, not as the bigger cells' map */
  .t21-app .t21-strategy-zoomed .t21-chart-wait {{ width: 100cqw !important; }}
  .t21-app .t21-simulation .t21-sim-status {{ order: 3; }}
  .t21-app .t21-simulation .t21-column > .widget-hbox:has(.t21-sim-run) .widget-label {{
    order: 1; }}
  /* the first banker: seats three to a row, small cards, so the newest card is in sight */
  .t21-app .t21-bc-result b {{ font-size: {APP_FONT_PX}px !important; }}
  .t21-app .t21-bc-table summary, .t21-app .t21-bc-table td,
  .t21-app .t21-bc-table th {{ white-space: normal; }}
  .t21-app .t21-bc-table .t21-bc-bars {{ min-width: 2.5em; }}
  /* (two seats to a row, cards 60 px: UX review 13 read 13 px indices at three to a row, a
     «10» cut by the card over it) */
  .t21-app .t21-bc-seat {{ flex: 1 1 40% !important; min-width: 0 !important;
    margin: 2px !important; padding: 2px 4px !important; --t21-bc-card: 60px;
    --t21-bc-step: 26px; }}
  /* a menu takes the rest of its row, so that a long choice («historical (19th-century
     Russia)») is read whole (UX review 13: cut at the menu's edge) */
  .t21-app .widget-dropdown {{ width: 100% !important; }}
}}
</style>"""
