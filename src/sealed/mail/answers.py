"""The words of every mail the gateway writes: answers to orders, refusals, bounces, press.

Plain text, short lines, and always the same four things for orders: what
was understood (or each error with its line and a suggestion), the step it
counts for, the deadline, and how to change it.
"""

from __future__ import annotations

from collections.abc import Sequence

from sealed.core.match import SkippedLine
from sealed.mail.port import SealOutcome
from sealed.report import human_time

HOW_TO_CHANGE = (
    "To change your orders, send a new email to this address before the deadline: "
    "the last one sealed counts and replaces everything sent before (write 'pass' for no action)."
)
UNKNOWN_ADDRESS = (
    "No game has the address you wrote to (or the game master replaced or revoked it): nothing was "
    "sealed. Write to the address in your latest game email; if you lost it, ask the game master."
)


def seal_answer(title: str, outcome: SealOutcome, notes: Sequence[str], from_note: str) -> str:
    """The answer to an order email: sealed or refused, and what to do next."""
    head = f"{title}, {outcome.phase or 'step ' + str(outcome.step)} (step {outcome.step})."
    parts = [head, _sealed(outcome) if outcome.sealed else _refused(outcome)]
    if outcome.skipped:
        parts.append(skipped_text(outcome.skipped))
    if notes:
        parts.append("Not read: " + "; ".join(notes) + ".")
    parts.append(_deadline(outcome))
    if from_note:
        parts.append(from_note)
    parts.append(HOW_TO_CHANGE)
    return "\n\n".join(parts) + "\n"


def _sealed(outcome: SealOutcome) -> str:
    orders = "\n".join(f"  {line}" for line in outcome.canonical.splitlines()) or "  pass"
    if outcome.same:
        head = f"These orders were already sealed for step {outcome.step}; nothing changed:"
    else:
        head = f"Sealed. Your orders for step {outcome.step}, as the game reads them:"
    text = f"{head}\n{orders}"
    if outcome.opened:
        text += (
            f"\n\nEvery order was in: step {outcome.step} is resolved. "
            "Your report follows in a separate email."
        )
    return text


def _refused(outcome: SealOutcome) -> str:
    text = refusal_head(outcome.error)
    if outcome.code == "order/stale_step" and "already sealed and counted" in outcome.error:
        text += "\nThis email was already counted; nothing changed."
    elif outcome.code == "order/stale_step":
        text += (
            "\nThis email answers a step that is over, so it is late; it was not counted "
            "for the open step either. Reply to your latest report to order for the open step."
        )
    else:
        text += "\nAny orders you sealed earlier for this step still stand."
    return text


def refusal_head(error: str) -> str:
    """``Nothing was sealed: <why>``, saying it once when the reason already says it.

    The core's lenient reader words its refusals for every reader
    (``nothing was sealed: line 4 ...``, ``... : nothing was sealed``); the
    answer must not prefix the phrase a second time.
    """
    reason = error.strip()
    if reason.lower().startswith(SEALED_NOTHING + ":"):
        reason = reason[len(SEALED_NOTHING) + 1 :].strip()
    if SEALED_NOTHING in reason.lower():
        return reason[:1].upper() + reason[1:]
    return f"Nothing was sealed: {reason}"


SEALED_NOTHING = "nothing was sealed"


def skipped_text(skipped: Sequence[SkippedLine]) -> str:
    """The lines set aside as not orders, so the player can see nothing was lost."""
    lines = "\n".join(f"  line {s.number}: {s.text}" for s in skipped[:20])
    more = f"\n  ... and {len(skipped) - 20} more" if len(skipped) > 20 else ""
    return f"Set aside as not orders (check that none of them was meant as one):\n{lines}{more}"


def _deadline(outcome: SealOutcome) -> str:
    if outcome.opened:
        return "The next step's deadline is in your report."
    if outcome.deadline:
        return f"Deadline: {human_time(outcome.deadline)}."
    return "Deadline: none set; the step opens when the game master closes it or all are in."


def from_mismatch_note(written_from: str) -> str:
    """njudge's guard: the registered address learns of mail for its seat sent from elsewhere."""
    return (
        f"Note: this email came from {written_from!r}, not from your registered address. The "
        "address it was sent to is what identifies your seat, and this answer goes only to you. "
        "If you did not send it, ask the game master for a new address."
    )


def press_answer(number: int | None, recipients: Sequence[str], error: str) -> str:
    if number is None:
        return f"Your message was not sent: {error}\n"
    return f"Your message #{number} was relayed to {', '.join(recipients)}.\n"


def press_relay(title: str, sender: str, to: str, number: int, text: str) -> str:
    return (
        f"{title}: message #{number} from {sender} to {to}:\n\n{text}\n\n"
        f"To answer, write to this address with a first line 'press to {sender}:' "
        "(or 'press to all:'); your real address is never shown to other players.\n"
    )


def gm_answer(command: str, answer: str) -> str:
    return f"> {command}\n\n{answer}\n\nCommands: status, close, preview SEAT.\n"


def no_command_answer(error: str) -> str:
    return f"Nothing was done: {error}\n\nCommands: status, close, preview SEAT.\n"


def reminder(title: str, step: int, deadline: str) -> str:
    return (
        f"{title}: your orders for step {step} are not in yet; the deadline is "
        f"{human_time(deadline)}. Reply to your latest report with your orders (or 'pass'); "
        "without them you get the game's default.\n"
    )
