#!/usr/bin/python3
"""Onboard's own word prediction behind clavis suggest's line protocol, so one simulation
measures both (clavis-bench suggest --languages).

    onboard-suggest.py --model /usr/share/onboard/models/es_ES.lm [--count N]   (stdin: a line each)

Each line is the text before the caret; each answer one JSON line {"suggestions": [{"text": …}]}.
Queried as Onboard 1.4.1 queries it (WPEngine.WPLocalEngine.predict and
WordSuggestions._update_prediction_choices, read from Debian's onboard package): the language's
system model (DynamicModel, or UnigramModel for an order-1 file) with absolute-discounting
smoothing, the last 256 characters before the caret with "<bot:txt>" before them when they
reach the text's start, tokenised by pypredict.tokenize_context, case-insensitive-smart or
case-insensitive at a sentence start (capitalised then), accent-insensitive-smart, eight times
as many choices asked for as shown. No learning: the user and scratch models Onboard overlays
are empty at first and were checked to change nothing.
"""
import argparse
import json
import sys

from Onboard import pypredict  # GLib only, no display

sys.path[:] = [p for p in sys.path if not p.rstrip("/").endswith("Onboard")]
LM = pypredict.LanguageModel
BOT = "<bot:txt>"


def load(path):
    model = pypredict.UnigramModel() if pypredict.read_order(path) == 1 else pypredict.DynamicModel()
    model.load(path)
    model.smoothing = "abs-disc"
    return model


def options(tokens):
    """WordSuggestions._get_prediction_options with Shift up: (flags, capitalise)."""
    prefix = tokens[-1] if tokens else ""
    sentence_begin = len(tokens) >= 2 and tokens[-2] in ("<s>", BOT)
    capitalized = bool(prefix) and prefix[0].isupper()
    flags = LM.ACCENT_INSENSITIVE_SMART
    if sentence_begin:
        flags |= LM.CASE_INSENSITIVE if capitalized else LM.CASE_INSENSITIVE_SMART
    elif capitalized:
        flags |= LM.IGNORE_NON_CAPITALIZED
    else:
        flags |= LM.CASE_INSENSITIVE_SMART
    return flags, sentence_begin and capitalized


def predict(model, before, count):
    start = max(len(before) - 256, 0)
    context = before[start:]
    if start == 0:
        context = BOT + " " + context
    tokens, _ = pypredict.tokenize_context(context)
    flags, capitalise = options(tokens)
    choices = [word for word, _ in model.predictp(tokens, count * 8, options=flags) if not word.startswith("<bot:")]
    if capitalise:
        seen, capitalised = set(), []
        for word in choices:
            word = word[:1].upper() + word[1:]
            if word not in seen:
                seen.add(word)
                capitalised.append(word)
        choices = capitalised
    return choices[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True)
    parser.add_argument("--count", type=int, default=3)
    args = parser.parse_args()
    model = load(args.model)
    for line in sys.stdin:
        words = predict(model, line.rstrip("\n"), args.count)
        sys.stdout.write(json.dumps({"suggestions": [{"text": word} for word in words]}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
