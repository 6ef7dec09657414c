# Pomme Board: starts the board (unless boot.py found the safe-mode button held).
from firmware import bootstate

if bootstate.SAFE:
    print("Pomme Board: safe mode (button held at power-up): the game is not started.")
else:
    from firmware import app

    app.main()
