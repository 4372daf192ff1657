"""Playing by email: orders in, answers and reports out (issue 12).

Modules, in the order mail flows through them:

- :mod:`~sealed.mail.smtp`: the embedded SMTP server (aiosmtpd) feeding the gateway;
- :mod:`~sealed.mail.imap`: or mail fetched from an ordinary mailbox over IMAP;
- :mod:`~sealed.mail.gateway`: one email in, the right answers queued out;
- :mod:`~sealed.mail.hygiene`: bounces and auto-replies are never answered; rate limits;
- :mod:`~sealed.mail.addresses`: per-seat secret reply addresses (the address authenticates);
- :mod:`~sealed.mail.reading`: the text a player wrote (MIME, HTML, quotes, signatures);
- :mod:`~sealed.mail.sealing`: that text sealed through the core's lenient reader;
- :mod:`~sealed.mail.port`: the interface to the games (:class:`~sealed.mail.port.GamePort`),
  with :mod:`~sealed.mail.memory` over game files and :mod:`sealed.server.mailport` over the
  server's database;
- :mod:`~sealed.mail.answers`: the words of every mail we write;
- :mod:`~sealed.mail.htmlpart`: the HTML part of a report that has tables;
- :mod:`~sealed.mail.startup`: the gateway's log and its checks at start (the relay);
- :mod:`~sealed.mail.outbox`: the durable outbox (nothing sent twice; what is undelivered,
  retried now or dropped from the GM console) and the SMTP relay (TLS always verified).

Decisions (RELIABILITY.md section 5 asks for them explicitly), each pinned by a test:

- The address is the identity. ``From:`` is never parsed for identity; mail with a
  valid secret from another ``From:`` is sealed, and the answer (which always goes to
  the registered address, never to ``From:``) says so (njudge's accept-and-notify;
  ``test_gateway.py::test_a_forged_from_gains_nothing_and_the_real_player_is_told``).
- Unknown or revoked addresses: refused at ``RCPT`` (550) by SMTP; by IMAP, one bounce to
  the envelope sender (rate-limited), with no game data (``corpus/forged_from_wrong_secret``).
- Each email replaces the seat's whole set of orders for the step (DPjudge); an email with
  no orders in it changes nothing (``test_a_chatter_only_email_never_replaces_sealed_orders``).
- The step an email answers is read from our Message-ID in ``In-Reply-To``/``References``,
  then ``(step N)`` in the subject; with neither, the open step
  (``test_the_subject_step_is_used_when_there_is_no_thread``).
- Machines are never answered and their orders never sealed, even if the orders are
  valid (``corpus/out_of_office_autosubmitted``).
- Secrets are kept readable in the address book (0600), because every mail to a seat is
  sent from its address; they are compared as SHA-256 digests in constant time.
- Rate limits: the server keeps them in its database (``mail_rates``), so a restart
  forgets nothing (``tests/server/test_mail_rates.py``); run from game files they are in
  memory, and a restart starts them afresh: that gateway has no database, and a GM who
  restarts it is at the keyboard to see a flood. One gateway per server database, held by
  a lease (``mail_lease``): a second one refuses to start.
- A renewed address takes effect at once for mail already queued: ``From:`` is the seat's
  address when a mail leaves, not when it was queued, so a reply to it is read; the old
  address gets no grace period, since renewing is how a leaked address is shut
  (``test_walkthrough_mail.py::test_mail_queued_before_an_address_is_renewed_leaves_from_the_new_one``).
- A player's words in any mail of ours (press, narrations, lines quoted back; plain and
  HTML parts) show control characters as escapes (:func:`sealed.report.printable`), so an
  ANSI escape or a bidi override cannot drive another reader's mail client
  (``test_no_mail_we_write_carries_a_player_s_control_characters``).
- At start the relay is tried once (:mod:`~sealed.mail.startup`): a failure is one warning
  line, never fatal (the outbox retries). The libraries' routine log is hidden unless
  ``--verbose`` (``--mail-verbose`` for ``sealed serve``).
- The relay's certificate is always verified (``--relay-ca-file`` names a private CA);
  there is no switch to turn that off, so the relay password never goes to an impostor.

``python -m sealed.mail`` (:mod:`~sealed.mail.__main__`) runs games from a folder of game files.
"""
