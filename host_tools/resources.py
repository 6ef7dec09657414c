"""Where pomme's files are: in the checkout it runs from, or in the installed package.

Every file pomme reads is named by its path in the checkout: "hardware/maps/mls.json",
"web/index.html", "boot.py", "firmware/hosts/sim_main.py". path() gives that file on this machine:

- in a checkout (and an editable install of one), the checkout itself;
- in an installed wheel, the firmware/ package beside host_tools/ in site-packages (the host
  imports the very same modules), and everything else from host_tools/_shipped/, where
  setup.py's build step copies the checkout's other files in the checkout's layout.

What pomme builds (the page's compiled firmware) goes to build/ in a checkout, else to the
user's cache folder (an installed package may be read-only)."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
# The folder holding host_tools/ and firmware/: the checkout, or site-packages.
PACKAGES = os.path.dirname(HERE)
SHIPPED = os.path.join(HERE, "_shipped")   # an installed package's copy (setup.py: SHIPPED)


def checkout():
    """The checkout pomme runs from, or None when it runs from an installed package."""
    if os.path.isfile(os.path.join(PACKAGES, "pyproject.toml")) and os.path.isdir(
            os.path.join(PACKAGES, "hardware")):
        return PACKAGES
    return None


def path(rel):
    """The file or folder at `rel`, its path in the checkout ("hardware/maps/mls.json")."""
    top = rel.split("/", 1)[0]
    base = PACKAGES if top in ("firmware", "host_tools") else checkout() or SHIPPED
    return os.path.join(base, *rel.split("/"))


def module_path():
    """MICROPYPATH for the MicroPython unix port: the folders holding firmware/ and hardware/
    (the firmware finds its maps beside the modules on its path: firmware/app.py find_map)."""
    return ":".join(dict.fromkeys([PACKAGES, os.path.dirname(path("hardware"))]))


def work_dir(*parts):
    """A folder for what pomme builds: build/PARTS in a checkout, else in the user's cache
    ($XDG_CACHE_HOME or ~/.cache, then pomme-board/PARTS)."""
    root = checkout()
    if root is not None:
        return os.path.join(root, "build", *parts)
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "pomme-board", *parts)
