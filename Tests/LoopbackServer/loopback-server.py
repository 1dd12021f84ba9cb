#!/usr/bin/env python3
"""A static file server on 127.0.0.1 for the remote-layout tests: serves a published folder
with HTTP Range support, and misbehaves on request.

    loopback-server.py ROOT CONTROL LOG

Prints the port it listens on, then serves ROOT until killed. Before each request it reads
CONTROL (JSON, may be missing or empty), whose keys each map a path (relative to ROOT, e.g.
"images/<sha>.png" or "manifest.json") to a behaviour:

    status      {path: code}        answer with that status and no body
    redirect    {path: location}    answer 302 to that location
    hang        [path, ...]         send nothing, keep the connection open
    inflate     {path: factor}      send the file padded to factor x its size, no Content-Length
    inflateDeclared {path: factor}  the same, with a Content-Length of the padded size
    cut         {path: bytes}       declare the whole length, send that many bytes, close
    ignoreRange [path, ...]         answer a Range request with 200 and the whole file
    delay       {path: seconds}     wait that long before answering
    validators  {path: kind}        which validators a file is served with: "etag", "lastModified"
                                    or "none" (default: both)
    contentRange {path: text}       answer a Range request with 206 and this Content-Range
    gzip        {path: bytes}       send the file then zeros, gzip-compressed as they are sent
                                    (Content-Encoding: gzip, no Content-Length), `bytes`
                                    decoded in all (0: the file alone)
    flood       {path: bytes}       send that many plain bytes, made as they are sent, no
                                    Content-Length

Floods and gzip bodies stop after FLOOD_SECONDS whatever they were told; while one is sent, the
bytes that went out so far are written to LOG.progress at each MiB.

A file is served with an ETag (its MD5, quoted) and a Last-Modified (its modification time), and
a conditional request it matches is answered 304 with no body: If-None-Match first, else
If-Modified-Since, as RFC 9110 orders them.

Each request is appended to LOG as one JSON line: path, range, the conditional headers,
Accept-Encoding, status, bytes sent (on the wire), and the client's port (one per connection).
"""
import email.utils
import hashlib
import json
import os
import signal
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT, CONTROL, LOG = sys.argv[1], sys.argv[2], sys.argv[3]
# A child inherits its parent thread's blocked signals (a test runner's worker thread blocks
# SIGTERM): unblock them so that the test can stop the server.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
log_lock = threading.Lock()
FLOOD_SECONDS = 120
PIECE = 1 << 16


def control():
    try:
        with open(CONTROL) as handle:
            text = handle.read()
        return json.loads(text) if text.strip() else {}
    except FileNotFoundError:
        return {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def record(self, status, sent):
        entry = {
            "path": self.path,
            "range": self.headers.get("Range"),
            "ifNoneMatch": self.headers.get("If-None-Match"),
            "ifModifiedSince": self.headers.get("If-Modified-Since"),
            "acceptEncoding": self.headers.get("Accept-Encoding"),
            "status": status,
            "bytes": sent,
            "client": self.client_address[1],
        }
        with log_lock, open(LOG, "a") as handle:
            handle.write(json.dumps(entry) + "\n")

    def do_GET(self):
        rules = control()
        path = self.path.lstrip("/")
        if path in rules.get("delay", {}):
            time.sleep(float(rules["delay"][path]))
        if path in rules.get("hang", []):
            self.record("hang", 0)
            time.sleep(3600)
            return
        if path in rules.get("status", {}):
            code = int(rules["status"][path])
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.record(code, 0)
            return
        if path in rules.get("redirect", {}):
            self.send_response(302)
            self.send_header("Location", rules["redirect"][path])
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.record(302, 0)
            return
        file = os.path.realpath(os.path.join(ROOT, path))
        if not file.startswith(os.path.realpath(ROOT) + os.sep) or not os.path.isfile(file):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.record(404, 0)
            return
        with open(file, "rb") as handle:
            body = handle.read()
        if path in rules.get("gzip", {}):
            self.send_stream(200, self.gzipped(body, int(rules["gzip"][path])), {"Content-Encoding": "gzip"})
            return
        if path in rules.get("flood", {}):
            self.send_stream(200, self.pattern(int(rules["flood"][path])), {})
            return
        validators = self.validators(rules.get("validators", {}).get(path, "both"), body, os.stat(file).st_mtime)
        if self.not_modified(validators):
            self.send_response(304)
            for name, value in validators.items():
                self.send_header(name, value)
            self.end_headers()
            self.record(304, 0)
            return
        for key, declared in (("inflate", False), ("inflateDeclared", True)):
            if path in rules.get(key, {}):
                padded = body + bytes((index * 7) % 251 for index in range(len(body) * (int(rules[key][path]) - 1)))
                self.send_response(200)
                if declared:
                    self.send_header("Content-Length", str(len(padded)))
                else:
                    self.send_header("Connection", "close")
                self.end_headers()
                sent = self.send_slowly(padded)
                self.record(200, sent)
                self.close_connection = True
                return
        start = 0
        requested = self.headers.get("Range")
        if requested and requested.startswith("bytes=") and requested.endswith("-") and path not in rules.get("ignoreRange", []):
            start = int(requested[len("bytes="):-1])
            if start >= len(body):
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % len(body))
                self.send_header("Content-Length", "0")
                self.end_headers()
                self.record(416, 0)
                return
            self.send_response(206)
            range_text = rules.get("contentRange", {}).get(path, "bytes %d-%d/%d" % (start, len(body) - 1, len(body)))
            self.send_header("Content-Range", range_text)
        else:
            self.send_response(200)
        part = body[start:]
        for name, value in validators.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(part)))
        self.send_header("Content-Type", "application/octet-stream")
        self.end_headers()
        if path in rules.get("cut", {}):
            limit = int(rules["cut"][path])
            sent = self.send_slowly(part[:limit])
            self.record(206 if start else 200, sent)
            self.close_connection = True
            self.connection.shutdown(2)
            return
        sent = self.send_slowly(part)
        self.record(206 if start else 200, sent)

    @staticmethod
    def validators(kind, body, modified):
        """The validator headers a file is served with."""
        headers = {}
        if kind in ("both", "etag"):
            headers["ETag"] = '"%s"' % hashlib.md5(body).hexdigest()
        if kind in ("both", "lastModified"):
            headers["Last-Modified"] = email.utils.formatdate(int(modified), usegmt=True)
        return headers

    def not_modified(self, validators):
        """Whether the request's conditional headers match the file: If-None-Match decides when
        sent, else If-Modified-Since."""
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            return "ETag" in validators and validators["ETag"] in [tag.strip() for tag in tags.split(",")]
        since = self.headers.get("If-Modified-Since")
        if since is None or "Last-Modified" not in validators:
            return False
        try:
            return email.utils.parsedate_to_datetime(validators["Last-Modified"]) <= email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError):
            return False

    @staticmethod
    def gzipped(body, total):
        """The gzip stream of `body` followed by zeros up to `total` bytes, made piece by piece."""
        compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        yield compressor.compress(body)
        remaining = max(0, total - len(body))
        zeros = bytes(1 << 20)
        while remaining > 0:
            piece = compressor.compress(zeros[:min(remaining, len(zeros))])
            remaining -= min(remaining, len(zeros))
            if piece:
                yield piece
        yield compressor.flush()

    @staticmethod
    def pattern(total):
        """`total` bytes of a repeating pattern, piece by piece."""
        piece = bytes((index * 7) % 251 for index in range(PIECE))
        while total > 0:
            yield piece[:min(total, PIECE)]
            total -= min(total, PIECE)

    def send_stream(self, status, pieces, headers):
        """Answers with the pieces as they come, no Content-Length, closing the connection at the
        end, the client's hang-up, or FLOOD_SECONDS; logs the bytes that went out."""
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        sent = 0
        reported = 0
        stop = time.monotonic() + FLOOD_SECONDS
        try:
            for piece in pieces:
                self.wfile.write(piece)
                sent += len(piece)
                if sent - reported >= 1 << 20:
                    reported = sent
                    self.report_progress(sent)
                if time.monotonic() > stop:
                    break
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.record(status, sent)
        self.close_connection = True

    @staticmethod
    def report_progress(sent):
        """Writes the bytes a stream has sent so far to LOG.progress (replaced whole, each MiB)."""
        with open(LOG + ".progress.tmp", "w") as handle:
            handle.write(str(sent))
        os.replace(LOG + ".progress.tmp", LOG + ".progress")

    def send_slowly(self, data):
        """Sends in 16 KiB pieces; returns how many bytes went out before the client hung up."""
        sent = 0
        try:
            for offset in range(0, len(data), 16384):
                self.wfile.write(data[offset:offset + 16384])
                self.wfile.flush()
                sent += len(data[offset:offset + 16384])
        except (BrokenPipeError, ConnectionResetError):
            pass
        return sent


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
