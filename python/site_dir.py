"""Where `meson install` puts the package: the folder under PREFIX that the interpreter
running this script imports packages from.

    python3 site_dir.py PREFIX

prints two lines: the folder (absolute), and `searched` if the interpreter searches it or
`not-searched` if it searches no folder under PREFIX (then the folder follows the
interpreter's own layout, moved to PREFIX, and PYTHONPATH must name it).

Why not sysconfig's install scheme: Debian's python3 imports from
/usr/local/lib/python3.X/dist-packages (prefix /usr/local) and /usr/lib/python3/dist-packages
(prefix /usr), and no single scheme gives both from a prefix (meson's deb_system gives
PREFIX/lib/python3/dist-packages, which Debian never searches under /usr/local). The site
folders themselves say it for any interpreter: Debian's, Fedora's lib64, a venv, pyenv.
"""
import os
import site
import sys


def site_folders():
    """The folders the interpreter imports installed packages from, in its search order."""
    folders = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    return [os.path.normpath(f) for f in folders]


def layout(folder, prefix):
    """FOLDER's path inside PREFIX, if it is one of PREFIX's own: LIBDIR/pythonX[.Y]/NAME.
    A deeper one belongs to a prefix inside PREFIX (/usr/local/lib/... inside /usr)."""
    relative = os.path.relpath(folder, prefix)
    parts = relative.split(os.sep)
    if parts[0] == os.pardir or len(parts) != 3 or not parts[1].startswith("python"):
        return None
    return relative


def install_folder(prefix):
    prefix = os.path.normpath(os.path.abspath(prefix))
    for folder in site_folders():
        if layout(folder, prefix):
            return folder, True
    for folder in site_folders():
        relative = layout(folder, os.path.normpath(sys.prefix))
        if relative:
            return os.path.join(prefix, relative), False
    # An interpreter with no site folder of its own layout (none known): sysconfig's.
    import sysconfig
    return sysconfig.get_path("platlib", "posix_prefix", {"base": prefix, "platbase": prefix}), False


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: site_dir.py PREFIX")
    folder, searched = install_folder(sys.argv[1])
    print(folder)
    print("searched" if searched else "not-searched")
