"""A real local HTTP server speaking the chat-completions protocol, for tests and benchmarks.

`answer(request_json, attempt)` decides each reply: a dict -> a completion whose content is
that dict as JSON; a str -> content as-is; a `Reply` -> any status, body, headers and delay.
Every request is logged with its parsed JSON. No network beyond 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class _Server(ThreadingHTTPServer):
    # The default listen backlog (5) drops bursts of new connections into SYN retries (~1 s).
    request_queue_size = 256


@dataclass
class Reply:
    status: int = 200
    content: str | None = None
    body: dict | None = None
    headers: dict = field(default_factory=dict)
    delay: float = 0.0


def document_of(request: dict) -> str:
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    return user.split("Document:\n", 1)[1].split("\n\nValues already found", 1)[0]


def context_of(request: dict) -> list[str]:
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    if "Values already found" not in user:
        return []
    return re.findall(r"^- (.*)$", user.split("Values already found", 1)[1], re.M)


class ChatServer:
    def __init__(self, answer: Callable[[dict, int], object], latency: float = 0.0):
        self.answer = answer
        self.latency = latency
        self.requests: list[dict] = []
        self.attempts: dict[str, int] = {}
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def setup(self):
                super().setup()
                # Headers and body go out as two writes; without TCP_NODELAY, Nagle's algorithm and
                # the client's delayed ACK add ~40 ms to every response. Real servers set it too.
                self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_POST(self):
                length = int(self.headers.get("content-length", 0))
                request = json.loads(self.rfile.read(length) or b"{}")
                key = json.dumps(request["messages"], sort_keys=True)
                with server.lock:
                    server.requests.append(request)
                    attempt = server.attempts.get(key, 0)
                    server.attempts[key] = attempt + 1
                reply = server.answer(request, attempt)
                if not isinstance(reply, Reply):
                    reply = Reply(content=reply if isinstance(reply, str) else json.dumps(reply))
                time.sleep(server.latency + reply.delay)
                body = reply.body
                if body is None:
                    body = {"id": "cmpl-test", "object": "chat.completion", "created": 0, "model": request.get("model"),
                            "choices": [{"index": 0, "finish_reason": "stop",
                                         "message": {"role": "assistant", "content": reply.content}}],
                            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}}
                data = json.dumps(body).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> ChatServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        if getattr(self, "_stopped", False):
            return
        self._stopped = True
        self.httpd.shutdown()
        self.httpd.server_close()
