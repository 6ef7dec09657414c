# Pomme Board: runs first at power-up and returns at once. Hold the "safe" button while
# powering up to skip the game (main.py then only prints a message; mpremote works).
try:
    from firmware import bootstate

    if bootstate.check():
        print("Pomme Board: safe mode")
except Exception as e:  # never keep a board from booting to its REPL
    print("boot: safe-mode check failed:", e)
