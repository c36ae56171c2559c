#!/usr/bin/env python3
"""The input sections holding the functions that callgrind profiles saw run, as a section ordering file for gold.

usage: link-order.py LINK_MAP BINARY PROFILE...

LINK_MAP is gold's -Map output for BINARY (a copy of fauth without debug information); each PROFILE is a
callgrind output file of one command run with BINARY and --demangle=no. A function is found by its symbol's
addresses in BINARY (a local name can have several; callgrind names a function without a symbol by its address),
then the input section at that address in the map. Sections run by more commands come first; among those run by
as many, the sections run by the same commands stay together (so that one command's functions share pages), then
by name, so that the output is stable. A function in a section that holds more than one (an archive member built
without function sections) cannot be moved and is left out.
"""
import bisect
import collections
import re
import subprocess
import sys


def input_sections(map_path):
    """(address, size, name) of every .text input section the link map places, sorted by address."""
    sections, pending = [], None
    placed = re.compile(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+) ")
    with open(map_path, errors="replace") as text:
        for line in text:
            whole = re.match(r"^ (\.text\S*)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+) ", line)
            if whole:
                sections.append((int(whole.group(2), 16), int(whole.group(3), 16), whole.group(1)))
                pending = None
                continue
            named = re.match(r"^ (\.text\S*)\s*$", line)
            if named:
                pending = named.group(1)
                continue
            if pending and (where := placed.match(line)):
                sections.append((int(where.group(1), 16), int(where.group(2), 16), pending))
            pending = None
    return sorted(section for section in sections if section[0] > 0 and section[1] > 0)


def symbol_addresses(binary):
    """Every function symbol's addresses in `binary` (local names can repeat)."""
    addresses = collections.defaultdict(list)
    listing = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            addresses[parts[2]].append(int(parts[0], 16))
    return addresses


def functions_run(profile_path):
    """The names of the functions a callgrind profile saw (recursion suffixes such as '2 removed)."""
    names = set()
    with open(profile_path, errors="replace") as text:
        for line in text:
            found = re.match(r"^c?fn=\(\d+\) (.+)$", line)
            if found:
                names.add(re.sub(r"'\d+$", "", found.group(1).strip()))
    return names


def main(map_path, binary, profiles):
    sections = input_sections(map_path)
    starts = [section[0] for section in sections]
    addresses = symbol_addresses(binary)
    commands = collections.defaultdict(set)
    for number, profile in enumerate(profiles):
        seen = set()
        for name in functions_run(profile):
            candidates = [int(name, 16)] if re.fullmatch(r"0x[0-9a-f]+", name) else addresses.get(name, [])
            for address in candidates:
                index = bisect.bisect_right(starts, address) - 1
                if index < 0:
                    continue
                start, size, section = sections[index]
                if address < start + size and section != ".text":
                    seen.add(section)
        for section in seen:
            commands[section].add(number)
    print(f"# Written by scripts/profile-link-order from {len(profiles)} commands: the sections holding the functions")
    print("# they ran, those run by more commands first, those run by the same commands together.")
    print("# scripts/build-release passes it to the linker.")
    for section in sorted(commands, key=lambda section: (-len(commands[section]), sorted(commands[section]), section)):
        print(section)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
