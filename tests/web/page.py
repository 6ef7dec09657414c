# Driving the virtual board's page in Chromium (tests/web): real pointer events on the SVG map,
# the dials and the buttons (Selenium's ActionChains), and what the page shows read back from
# the DOM: each space's LED colour, the pieces, the winner. window.pomme.summary is the
# firmware's own summary (firmware/hosts/web_board.py), read for the game's state bytes, which the
# CPython rules engine decodes to say what should be lit.
import time

from firmware.rules.mls.codes import AT_CAMP

GREEN = "rgb(0,110,0)"
RED = "rgb(160,0,0)"
OFF = "rgb(0,0,0)"
WHITE = "rgb(90,90,90)"


class Page:
    def __init__(self, driver, url, timeout=30):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        self.d = driver
        self.By = By
        self.Actions = ActionChains
        driver.get(url)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            r = driver.execute_script("return window.pomme ? [window.pomme.ready, window.pomme.error] : null")
            if r and r[1]:
                raise AssertionError("the page failed: %s" % r[1])
            if r and r[0]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the page was not ready within %d s" % timeout)
        self.load_ms = driver.execute_script("return window.pomme.loadMs")

    # ---- reading ---------------------------------------------------------------------------
    def js(self, script):
        return self.d.execute_script(script)

    def summary(self):
        return self.js("return window.pomme.summary")

    def error(self):
        return self.js("return window.pomme.error")

    def leds(self):
        """space -> the fill of its LED on the map, as painted from the firmware's frame."""
        pairs = self.js("return Array.from(document.querySelectorAll('#map circle.led'))"
                        ".map(c => [+c.dataset.space, c.getAttribute('fill')])")
        return {sp: fill for sp, fill in pairs}

    def lit(self, colour):
        return sorted(sp for sp, fill in self.leds().items() if fill == colour)

    def wait(self, test, timeout=10, what="the page"):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            err = self.error()
            if err:
                raise AssertionError("the page failed: %s" % err)
            v = test()
            if v:
                return v
            time.sleep(0.03)
        raise AssertionError("%s: not within %s s" % (what, timeout))

    def settle(self, frames=8):
        """Let the firmware scan and render a few frames (debouncing takes 3 scans)."""
        start = self.js("return window.pomme.frames")
        self.wait(lambda: self.js("return window.pomme.frames") >= start + frames, what="frames")
        time.sleep(0.05)

    # ---- hands -----------------------------------------------------------------------------
    def click(self, css):
        el = self.d.find_element(self.By.CSS_SELECTOR, css)
        self.Actions(self.d).move_to_element(el).click().perform()

    def click_piece(self, tag):
        self.click('#map g.piece[data-tag="%d"]' % tag)

    def click_space(self, space):
        self.click('#map g.space[data-space="%d"] polygon.hex' % space)

    def click_camp(self, site):
        self.click('#map g.camp[data-camp="%d"] rect' % site)

    def drag_piece(self, tag, space):
        src = self.d.find_element(self.By.CSS_SELECTOR, '#map g.piece[data-tag="%d"]' % tag)
        dst = self.d.find_element(self.By.CSS_SELECTOR, '#map g.space[data-space="%d"] polygon.hex' % space)
        chain = self.Actions(self.d).click_and_hold(src).move_by_offset(10, 10)
        chain.move_to_element(dst).release().perform()

    def camp_rim(self, site):
        """The colour of a base camp's tray rim: its LED as painted from the frame ("" when off)."""
        return self.js("return document.querySelector('#map g.camp[data-camp=\"%d\"] rect.tray')"
                       ".style.stroke" % site).replace(" ", "")

    def led(self, id_):
        return self.js("return document.getElementById('%s').getAttribute('fill')" % id_)

    def push(self, dial):
        self.click("#dial%d" % dial)

    def turn(self, dial, steps):
        for _ in range(abs(steps)):
            self.click("#dial%d-%s" % (dial, "right" if steps > 0 else "left"))
            self.settle(2)


def state_of(engine, summary):
    rs, board = engine
    return rs.from_bytes(board, bytes.fromhex(summary["state"]))


def destinations(st, k):
    """Where Seeker k of the active player may go, as the engine says (its own space and staying
    at camp are not destinations)."""
    p = st.active_player()
    here = st.seekers(p)[k]
    return sorted({a & 63 for a in st.legal_actions() if a >> 6 == k and a & 63 not in (here, AT_CAMP)})


def replay(engine, players, log, options=None):
    """The decisions the page's firmware committed (web_board.decisions()), replayed from a new
    game by the CPython engine."""
    rs, board = engine
    if options is None:   # the page's own game of that name (the model deck: web_games.parse)
        from firmware.hosts.web_games import parse

        options = parse(rs.name)[1]
    st = rs.new_game(board, players, options)
    for a in log:
        if a == -2:
            st = rs.new_game(board, players, options)
        elif a == -1:
            st.undo()
        else:
            st.apply_checked(a)
    return st
