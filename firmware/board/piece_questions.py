# Piece questions of a board without readers (hardware/presence-only.md): presence alone
# cannot tell which piece stands where, so the controller asks the table, on dial 1:
#  - "which piece?" (the tracker's question, firmware/board/presence.py: the candidates'
#    places blue, the one the dial points at brighter);
#  - "onto which occupied place?" (a lifted piece's moves onto places that already hold a
#    piece, joins(); where the decision only names the piece, as Scythe's unit before its
#    destination, the lifted piece's option, picks());
#  - "pieces in place?" (confirm: a push after power-up and after undo).
# The words of the questions are the display's (firmware/board/screens.py).


class PieceQuestions:
    def __init__(self, tracker):
        self.tracker = tracker
        self.confirm = False     # the setup waits for the players' push that confirms it
        self.asked = -1          # the place of the question last put in words

    def asking(self):
        """The place of the "which piece?" question, or -1."""
        tr = self.tracker
        return tr.ask_at if tr.n_cands else -1

    def candidate(self, sel):
        """The piece the dial points at while asking which piece."""
        tr = self.tracker
        return tr.cands[sel % tr.n_cands]

    def picks(self, ctl):
        """The lifted piece's option of a decision whose options name pieces
        (Ruleset.option_names). Pushed, the piece is chosen and the next decision offers its
        moves onto occupied places, which the piece put there could not make."""
        st = ctl.st
        lifted = ctl.gestures.lifted
        if lifted < 0 or st.decision() not in ctl.rs.option_names:
            return []
        rs = ctl.rs
        out = []
        for a in ctl.gestures.stays(st):
            if rs.piece_move(st, a)[0] == lifted:
                out.append(a)
        return out

    def joins(self, ctl):
        """The moves presence cannot see, onto places that already hold a piece: the lifted
        piece's; with none lifted, those of the movers standing on places with several pieces
        (of pieces alike standing together, one move to each place: the first such option's,
        the lowest tag's when both may go there; a twin that may not move, a Seeker moved
        already, stands for nothing)."""
        st = ctl.st
        rs = ctl.rs
        tr = self.tracker
        g = ctl.gestures
        at = g.expected_at
        n = len(g.fix)
        out = []
        if g.lifted >= 0:
            movers = (g.lifted,)
        else:
            movers = []
            for t in rs.movers(st):
                q = at[t]
                if q < n and tr.count[q] >= 2 and tr.occupied(q):
                    movers.append(t)
        for a in st.legal_actions():
            t, d = rs.piece_move(st, a)
            d = g.place_of(st, t, d)
            if t in movers and d != at[t] and d < n and tr.occupied(d):
                twin = False
                if g.lifted < 0:
                    for o in out:
                        u, e = rs.piece_move(st, o)
                        if at[u] == at[t] and tr.kind[u] == tr.kind[t] and g.place_of(st, u, e) == d:
                            twin = True
                if not twin:
                    out.append(a)
        return out

    def on_dial(self, ctl, dial, delta, click, now_ms):
        """The dial answers the questions first. True if it did."""
        g = ctl.gestures
        if g.hold and self.confirm:
            if click:                     # "pieces in place?": yes
                self.confirm = False
                g.hold = False
                ctl.message = ""
                ctl.match(now_ms)
            return True
        at = self.asking()
        tr = self.tracker
        if at < 0 or dial != 0:
            return at >= 0
        if delta:
            ctl.sel[0] = (ctl.sel[0] + delta) % tr.n_cands
            ctl.say_question()
            g.dirty = True
            ctl.draw()
        if click:
            tr.name(at, self.candidate(ctl.sel[0]))
            ctl.sel[0] = 0
            ctl.message = ""
            ctl.on_position(tr.infer(), now_ms)
        return True
