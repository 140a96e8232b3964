"""What the tier tests share: the tiers, and which one a process runs under HYPH_CPU."""
import os
import re
import subprocess

TIERS = ('portable', 'sse2', 'avx2', 'avx512')


def tier_in_effect(hyphenate, tier):
    """The tier `hyphenate` runs with HYPH_CPU=tier: tier itself, or the CPU's best if lower."""
    r = subprocess.run([hyphenate, '--version'], env=dict(os.environ, HYPH_CPU=tier), capture_output=True, text=True)
    found = re.search(r'^dispatch tier: (\S+)', r.stdout, re.MULTILINE)
    if r.returncode != 0 or not found:
        raise SystemExit(f'{hyphenate} --version with HYPH_CPU={tier} named no tier: {r.stdout!r} {r.stderr!r}')
    return found.group(1)


def tiers_here(hyphenate):
    """Every tier this CPU runs, lowest first."""
    return [t for t in TIERS if tier_in_effect(hyphenate, t) == t]
