#!/usr/bin/python3
"""Mozc's conversions for `clavis-bench japanese`: one hiragana reading a line on standard
input; for each, a line with Mozc's conversion (the sentence its first Space gives) and the
seconds it took, tab-separated.

Mozc is driven through mozc_emacs_helper (Debian's emacs-mozc-bin), which speaks a line
protocol of s-expressions: `(N CreateSession)`, `(N SendKey SESSION "かな")`, `(N SendKey
SESSION space)`, `escape` twice to drop the composition without committing it (a commit would
teach Mozc the sentence). mozc_server will not run as root, so both run as an ordinary user
made for it, with a fresh ~/.config/mozc each run: nothing learned earlier counts."""
import os
import pwd
import re
import subprocess
import sys
import time

USER = "clavis-bench"


def field(response, name):
    """The string values of `(name . "value")` pairs in an s-expression, in order."""
    return [value.replace('\\"', '"').replace("\\\\", "\\")
            for value in re.findall(r'\(' + name + r' \. "((?:[^"\\]|\\.)*)"\)', response)]


def main():
    try:
        account = pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--create-home", "--shell", "/usr/sbin/nologin", USER], check=True)
        account = pwd.getpwnam(USER)
    home = account.pw_dir
    subprocess.run(["pkill", "-u", USER, "-x", "mozc_server"], check=False)
    subprocess.run(["rm", "-rf", os.path.join(home, ".config", "mozc")], check=True)
    # Without ~/.config mozc_server cannot take its lock, exits, and the helper hangs.
    subprocess.run(["runuser", "-u", USER, "--", "mkdir", "-p", os.path.join(home, ".config")], check=True)
    helper = subprocess.Popen(["runuser", "-u", USER, "--", "env", "HOME=" + home, "mozc_emacs_helper"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    helper.stdout.readline()  # the greeting
    event = 0

    def send(*words):
        nonlocal event
        event += 1
        helper.stdin.write("(%d %s)\n" % (event, " ".join(words)))
        helper.stdin.flush()
        response = helper.stdout.readline()
        if f"(emacs-event-id . {event})" not in response:
            sys.exit(f"mozc-convert.py: unexpected answer to event {event}: {response[:200]}")
        return response

    session = re.search(r"\(emacs-session-id \. (\d+)\)", send("CreateSession")).group(1)
    for line in sys.stdin:
        reading = line.rstrip("\n")
        quoted = '"' + reading.replace("\\", "\\\\").replace('"', '\\"') + '"'
        started = time.perf_counter()
        send("SendKey", session, quoted)
        converted = send("SendKey", session, "space")
        elapsed = time.perf_counter() - started
        preedit = converted.split("(all-candidate-words", 1)[0]
        print("".join(field(preedit, "value")) + f"\t{elapsed:.6f}", flush=True)
        send("SendKey", session, "escape")
        send("SendKey", session, "escape")
    send("DeleteSession", session)
    helper.stdin.close()
    helper.wait()
    subprocess.run(["pkill", "-u", USER, "-x", "mozc_server"], check=False)


if __name__ == "__main__":
    main()
