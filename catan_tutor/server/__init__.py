"""The server layer: Voilà and Jupyter started on a local port (``serve``), the voila command
and Jupyter server extension with the server's patches (``voila_guard``) and each patch in its
module (limits per visitor, stop, kernel clean-up, pool, reaper, restart, websocket
handshake, event-loop watchdog). Nothing beneath it imports it."""
