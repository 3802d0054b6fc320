// boardsuite's page plugin for macroquad's loader (mq_js_bundle.js): the
// browser's storage and random numbers, called from the wasm
// (shell/gui/src/web/page.rs). Text crosses as UTF-8 bytes in the wasm
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
