// A small Chrome DevTools Protocol client over --remote-debugging-pipe
// (no WebSocket, no npm package), and a PNG reader for the screenshots.
"use strict";
const { spawn } = require("child_process");
const zlib = require("zlib");

/// Starts chromium headless with a fresh profile and returns a client.
function launch(chromium, userDataDir, extraFlags) {
    const flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        `--user-data-dir=${userDataDir}`, "--remote-debugging-pipe", ...extraFlags, "about:blank",
    ];
    const child = spawn(chromium, flags, { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stdio[2].on("data", (d) => { stderr += d; });
    const pending = new Map();
    const listeners = [];
    let nextId = 1;
    let buffer = Buffer.alloc(0);
    child.stdio[4].on("data", (chunk) => {
        buffer = Buffer.concat([buffer, chunk]);
        let end;
        while ((end = buffer.indexOf(0)) >= 0) {
            const message = JSON.parse(buffer.subarray(0, end).toString("utf8"));
            buffer = buffer.subarray(end + 1);
            if (message.id && pending.has(message.id)) {
                const { resolve, reject, method } = pending.get(message.id);
                pending.delete(message.id);
                if (message.error) reject(new Error(`${method}: ${message.error.message}`));
                else resolve(message.result);
            } else if (message.method) {
                for (const listen of listeners) listen(message);
            }
        }
    });
    const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
    const client = {
        child,
        stderr: () => stderr,
        send(method, params = {}, sessionId = undefined) {
            const id = nextId++;
            const message = { id, method, params };
            if (sessionId) message.sessionId = sessionId;
            child.stdio[3].write(JSON.stringify(message) + "\0");
            return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
        },
        on(listen) { listeners.push(listen); },
        async close() {
            try { await Promise.race([client.send("Browser.close"), sleep(2000)]); } catch (e) { /* gone */ }
            if (child.exitCode === null) child.kill("SIGKILL");
            await exited;
        },
    };
    return client;
}

function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

/// Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what screenshots
/// are) into { width, height, pixel(x, y) -> [r, g, b] }.
function readPng(bytes) {
    let at = 8;
    let width = 0, height = 0, channels = 0;
    const data = [];
    while (at < bytes.length) {
        const len = bytes.readUInt32BE(at);
        const type = bytes.toString("ascii", at + 4, at + 8);
        const body = bytes.subarray(at + 8, at + 8 + len);
        if (type === "IHDR") {
            width = body.readUInt32BE(0);
            height = body.readUInt32BE(4);
            const depth = body[8], colour = body[9], interlace = body[12];
            if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error("unsupported PNG");
            channels = colour === 6 ? 4 : 3;
        } else if (type === "IDAT") {
            data.push(body);
        }
        at += 12 + len;
    }
    const raw = zlib.inflateSync(Buffer.concat(data));
    const stride = width * channels;
    const pixels = Buffer.alloc(stride * height);
    for (let y = 0; y < height; y++) {
        const filter = raw[y * (stride + 1)];
        const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
        const out = pixels.subarray(y * stride, (y + 1) * stride);
        const up = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : Buffer.alloc(stride);
        for (let i = 0; i < stride; i++) {
            const a = i >= channels ? out[i - channels] : 0;
            const b = up[i];
            const c = i >= channels ? up[i - channels] : 0;
            let v = line[i];
            if (filter === 1) v += a;
            else if (filter === 2) v += b;
            else if (filter === 3) v += (a + b) >> 1;
            else if (filter === 4) {
                const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
                v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            }
            out[i] = v & 255;
        }
    }
    return {
        width, height,
        pixel(x, y) {
            const i = y * stride + x * channels;
            return [pixels[i], pixels[i + 1], pixels[i + 2]];
        },
    };
}

/// Closes the browser and removes its temporary profile. Chromium's
/// helpers may still be writing the profile as they exit; a leftover
/// temporary folder fails nothing.
async function closeAndForget(browser, profile) {
    await browser.close();
    try {
        require("fs").rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
        // See above: a leftover folder is harmless.
    }
}

module.exports = { launch, sleep, readPng, closeAndForget };
