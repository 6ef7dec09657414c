# Scythe's log in words (English): firmware/rules/scythe/narrate.py. narrate_text_es.py has
# every key in Spanish (tests/board/test_narration.py).
MESSAGES = {
    "seat": "%s (%s)",
    "hex": "hex %d (%s)",
    "terrain": ("home base", "farm", "village", "tundra", "forest", "mountain", "lake", "Factory"),
    "resource": ("oil", "metal", "wood", "food"),
    "bottom": ("Upgrade", "Deploy", "Build", "Enlist"),
    "structure": ("Mine", "Armory", "Mill", "Monument"),   # content.STRUCTURES order
    "upgrade": ("Move: 3 units", "Move: 2 coins", "Trade: 2 popularity", "Produce: 3 territories",
                "Bolster: 3 power", "Bolster: 2 cards"),
    "bonus": ("power", "coins", "popularity", "combat cards"),
    "term": ("done", "pay coins", "pay popularity", "pay power", "gain coins", "gain popularity",
             "gain power", "gain combat cards", "gain oil", "gain metal", "gain wood", "gain food",
             "gain workers", "pay oil", "pay metal", "pay wood", "pay food", "pay combat cards",
             "Upgrade (free)", "Deploy (free)", "Build (free)", "Enlist (free)"),
    "top_opts": ("skip", "take it", "its second option"),
    "obj": "reveal an objective", "done": "done", "stop": "stop here",
    "section": "section %d (%s)", "factory_section": "the Factory card",
    "factory_card": "Factory card %d", "objective": "objective card %d",
    "card": "a combat card of %d", "carry": "%d along", "mech": "mech %d", "yes": "yes", "no": "no",
    "decided": "%s, %s: %s.",
    "secret": "%s enters %s in secret.",
    "combat": "Combat on %s: %s with %d power against %s with %d; %s wins.",
    "star": "%s earns a star (%d new, %d in all).",
    "stars": "%s earns stars (%d new, %d in all).",
}
