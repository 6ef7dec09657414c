# Scythe's names (English), merged over the catalogue while it is in play.
MESSAGES = {
    "kinds": ("", "deal a faction mat", "deal a player mat", "deal a model objective card",
              "which objective is revealed", "draw the structure bonus tile", "choose a section",
              "top-row action", "which unit moves", "where to", "what it carries",
              "which resource", "on which territory", "produce where", "pay from where",
              "bottom-row action", "upgrade: which box", "upgrade: which cost",
              "deploy which mech", "deploy where", "build which structure", "build where",
              "enlist which recruit", "which one-time bonus", "combat where",
              "power on the dial", "add a combat card", "use Artillery?",
              "draw a model encounter card", "encounter: a term of the option", "how many",
              "which Factory card", "game over", "end of the turn",
              "retreat where", "model encounter card: which option", "deal a Triumph Tile",
              "Rivals: a star on whose home base", "Rivals: where the combat star comes from",
              "Alliances: propose to whom", "Alliances: accept the alliance?",
              "Alliances: the coins on the token received"),
    # What to do, per decision kind ("": the display's generic words for its entry).
    "hints": ("",) * 34 + ("Retreat: lift your units off the combat onto your home base or a lit lake", "",
                           "", "", "", "", "", ""),
    "scythe.status": "Deck %d, discard %d. Hand: %d cards, %d objectives",
    "scythe.shuffled": "Shuffle the discard pile into the deck",
    "units": ("character", "mech 1", "mech 2", "mech 3", "mech 4", "worker 1", "worker 2",
             "worker 3", "worker 4", "worker 5", "worker 6", "worker 7", "worker 8", "done moving"),
}
