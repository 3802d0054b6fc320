// boardsuite's page plugin for macroquad's loader (mq_js_bundle.js): the
// browser's storage, random numbers, record files downloaded and
// uploaded, and WebSockets, called from the wasm (shell/gui/src/web/page.rs). Text crosses as UTF-8 bytes in the wasm
// memory: a call that answers with text keeps it here and returns its
// length (-1: none), and boardsuite_take_held copies it out.
"use strict";
(function () {
    let held = new Uint8Array(0);
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();

    function text(ptr, len) {
        return decoder.decode(new Uint8Array(wasm_memory.buffer, ptr, len));
    }

    function hold(string) {
        held = encoder.encode(string);
        return held.length;
    }

    // Record files the player picked, read and waiting for the wasm to
    // take them: "file\nNAME\nTEXT" or "error\nNAME\nPROBLEM"
    // (gui::record_files::Upload::from_held).
    const uploads = [];
    // The largest file read as a record (headless::record::saved::MAX_RECORD_BYTES).
    const MAX_RECORD_BYTES = 16 << 20;

    function oneLine(name) {
        return String(name).replace(/[\r\n]/g, " ");
    }

    function readPicked(file) {
        if (file.size > MAX_RECORD_BYTES) {
            uploads.push("error\n" + oneLine(file.name) + "\nthe file is too big to be a saved game (" + file.size + " bytes)");
            return;
        }
        file.text().then(
            (text) => uploads.push("file\n" + oneLine(file.name) + "\n" + text),
            (e) => uploads.push("error\n" + oneLine(file.name) + "\nthe browser could not read it (" + e + ")"),
        );
    }

    // WebSockets by number: each keeps the messages received until the
    // wasm takes them (gui::web::socket polls every frame), where it is
    // (0 opening, 1 open, 2 closed) and why it closed. The wasm forgets a
    // socket with boardsuite_socket_close.
    const sockets = new Map();
    let nextSocket = 1;

    function openSocket(url) {
        const id = nextSocket++;
        const entry = { ws: null, state: 0, inbox: [], reason: "", opened: false };
        sockets.set(id, entry);
        try {
            entry.ws = new WebSocket(url);
        } catch (e) {
            entry.state = 2;
            entry.reason = "the browser could not connect: " + (e && e.message ? e.message : e);
            return id;
        }
        entry.ws.binaryType = "arraybuffer";
        entry.ws.onopen = () => {
            entry.state = 1;
            entry.opened = true;
        };
        entry.ws.onmessage = (event) => {
            entry.inbox.push(typeof event.data === "string" ? event.data : decoder.decode(new Uint8Array(event.data)));
        };
        entry.ws.onclose = (event) => {
            entry.state = 2;
            if (!entry.reason) {
                const said = event.reason ? ", " + event.reason : "";
                entry.reason = entry.opened
                    ? "the connection closed (code " + event.code + said + ")"
                    : "the browser could not connect (code " + event.code + said + ")";
            }
        };
        return id;
    }

    function storage() {
        try {
            return window.localStorage;
        } catch (e) {
            return null;
        }
    }

    miniquad_add_plugin({
        name: "boardsuite",
        version: 1,
        register_plugin: function (importObject) {
            const env = importObject.env;
            env.boardsuite_storage_get = function (key, keyLen) {
                const store = storage();
                const value = store ? store.getItem(text(key, keyLen)) : null;
                return value === null ? -1 : hold(value);
            };
            env.boardsuite_storage_set = function (key, keyLen, value, valueLen) {
                const store = storage();
                if (!store) return 0;
                try {
                    store.setItem(text(key, keyLen), text(value, valueLen));
                    return 1;
                } catch (e) {
                    return 0;
                }
            };
            env.boardsuite_storage_remove = function (key, keyLen) {
                const store = storage();
                if (store) store.removeItem(text(key, keyLen));
            };
            env.boardsuite_storage_keys = function (prefix, prefixLen) {
                const store = storage();
                if (!store) return -1;
                const start = text(prefix, prefixLen);
                const keys = [];
                for (let i = 0; i < store.length; i++) {
                    const key = store.key(i);
                    if (key !== null && key.startsWith(start)) keys.push(key);
                }
                return hold(keys.join("\n"));
            };
            env.boardsuite_take_held = function (out, len) {
                new Uint8Array(wasm_memory.buffer, out, len).set(held.subarray(0, len));
                held = new Uint8Array(0);
            };
            env.boardsuite_download = function (name, nameLen, body, bodyLen) {
                try {
                    const blob = new Blob([text(body, bodyLen)], { type: "application/toml" });
                    const url = URL.createObjectURL(blob);
                    const link = document.createElement("a");
                    link.href = url;
                    link.download = text(name, nameLen);
                    link.style.display = "none";
                    document.body.appendChild(link);
                    link.click();
                    link.remove();
                    setTimeout(() => URL.revokeObjectURL(url), 60000);
                    return 1;
                } catch (e) {
                    return 0;
                }
            };
            env.boardsuite_upload_ask = function () {
                const input = document.createElement("input");
                input.type = "file";
                input.accept = ".toml,text/plain";
                input.style.display = "none";
                input.addEventListener("cancel", () => input.remove());
                input.addEventListener("change", () => {
                    if (input.files && input.files.length > 0) readPicked(input.files[0]);
                    input.remove();
                });
                document.body.appendChild(input);
                input.click();
            };
            env.boardsuite_upload_take = function () {
                return uploads.length ? hold(uploads.shift()) : -1;
            };
            env.boardsuite_socket_open = function (url, urlLen) {
                return openSocket(text(url, urlLen));
            };
            env.boardsuite_socket_state = function (id) {
                const entry = sockets.get(id);
                return entry ? entry.state : 2;
            };
            env.boardsuite_socket_reason = function (id) {
                const entry = sockets.get(id);
                return hold(entry ? entry.reason : "the page has no such connection");
            };
            env.boardsuite_socket_send = function (id, body, bodyLen) {
                const entry = sockets.get(id);
                if (!entry || entry.state !== 1) return 0;
                try {
                    entry.ws.send(text(body, bodyLen));
                    return 1;
                } catch (e) {
                    return 0;
                }
            };
            env.boardsuite_socket_receive = function (id) {
                const entry = sockets.get(id);
                return entry && entry.inbox.length ? hold(entry.inbox.shift()) : -1;
            };
            env.boardsuite_socket_close = function (id) {
                const entry = sockets.get(id);
                if (!entry) return;
                sockets.delete(id);
                if (entry.ws && entry.state !== 2) {
                    try {
                        entry.ws.close(1000);
                    } catch (e) {
                        // Closing a socket that failed to open throws; it is gone.
                    }
                }
            };
            env.boardsuite_page_host = function () {
                return hold(window.location.hostname || "");
            };
            env.boardsuite_say = function (body, bodyLen) {
                console.info(text(body, bodyLen));
            };
            env.boardsuite_random_fill = function (out, len) {
                // getRandomValues fills at most 65536 bytes a call.
                for (let at = 0; at < len; at += 65536) {
                    const n = Math.min(65536, len - at);
                    crypto.getRandomValues(new Uint8Array(wasm_memory.buffer, out + at, n));
                }
            };
        },
    });
})();
