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
  with :mod:`~sealed.mail.memory` over game files (the server's database port comes later);
- :mod:`~sealed.mail.answers`: the words of every mail we write;
- :mod:`~sealed.mail.outbox`: the durable outbox (nothing sent twice) and the SMTP relay.

``python -m sealed.mail`` (:mod:`~sealed.mail.__main__`) runs games from a folder of game files.
"""
