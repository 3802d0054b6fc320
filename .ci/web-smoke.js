// The browser smoke test of the web page (run by .ci/web-smoke.sh):
//
//   node .ci/web-smoke.js URL OUT_DIR
//
// Drives headless chromium over the DevTools protocol and:
//   - times the first frame after the page starts loading;
//   - checks the launcher's screenshot shows the launcher's colours (not a
//     blank canvas);
//   - opens Stones against the computer with real clicks, sets level 1
//     and checks the settings reached the browser's storage;
//   - plays the game to its end with clicks on the piles, watching the
//     frames while the computer thinks, and checks the result panel;
//   - saves the game (F6) and checks it reached the browser's storage;
//   - reloads the page and checks the settings are still stored;
//   - in Saved games, downloads the saved game (the file must hold the
//     stored text), then uploads a good record file through the file
//     picker (kept) and a broken one (refused, nothing lost);
//   - network play: hosts a Stones game on `boardsuite serve` (at
//     127.0.0.1:$SERVE_PORT, address typed into the lobby), reads the game
//     code the page writes to its console, lets `$BOARDSUITE bot` join it
//     at level 1, and plays by clicks until the bot reports the end; the
//     page must show the result panel; then a bot opens a game and the
//     page joins it by address (typed without ws://) and code, and plays
//     it to its end the same way.
// Screenshots go to OUT_DIR. Any failure exits non-zero.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");
const { launch, sleep, readPng, closeAndForget } = require("./web-cdp.js");

// Click targets and probes in a 1280x800 page, as in a 1280x800 window.
// shell/gui/tests/web_smoke_coordinates.rs reads these lines and checks
// each still hits what it names.
const POINT = {
    CARD_STONES: [640, 420],
    MODE_COMPUTER: [870, 162],
    MODE_HOST: [870, 433],
    MODE_JOIN: [870, 523],
    LOBBY_ADDRESS: [268, 178],
    SETUP_LEVEL_LESS: [330, 249],
    SETUP_START: [1142, 756],
    STONES_PILE_1: [208, 535],
    STONES_PILE_2: [302, 535],
    STONES_PILE_3: [397, 535],
    STONES_PILE_4: [491, 535],
    STONES_PILE_5: [586, 535],
    STONES_PILE_6: [681, 535],
    OVER_PANEL: [444, 420],
    OVER_PLAY_AGAIN: [326, 481],
    LAUNCHER_SAVED: [138, 756],
    SAVED_UPLOAD: [232, 756],
    SAVED_DOWNLOAD: [389, 756],
};
// A record file with a result that is no result: its line is named.
const BROKEN_RECORD = 'format = 1\ngame = "stones"\nkind = "full"\nresult = "maybe"\n';
// The theme's colours (shell/gui/src/theme.rs).
const BACKGROUND = [30, 35, 45];
const PANEL = [41, 48, 61];
const ACCENT = [226, 166, 90];
// The first frame must come within this many milliseconds of the start
// of loading; the run reports the time it took.
const FIRST_FRAME_LIMIT_MS = 3000;

const [url, out] = process.argv.slice(2);
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";

function log(message) {
    console.log(`web-smoke: ${message}`);
}

function fail(message) {
    throw new Error(message);
}

function near(colour, expected, tolerance = 6) {
    return colour.every((c, i) => Math.abs(c - expected[i]) <= tolerance);
}

// Counts how much of the picture is one colour, and the spread of its
// brightness (0 for a flat picture).
function describe(png) {
    let background = 0, total = 0, sum = 0, squares = 0;
    for (let y = 0; y < png.height; y += 4) {
        for (let x = 0; x < png.width; x += 4) {
            const p = png.pixel(x, y);
            const lum = (p[0] + p[1] + p[2]) / 765;
            sum += lum;
            squares += lum * lum;
            total++;
            if (near(p, BACKGROUND)) background++;
        }
    }
    const mean = sum / total;
    return { background: background / total, spread: Math.sqrt(Math.max(0, squares / total - mean * mean)) };
}

// Records when the page's first animation frame ran (the first frame the
// launcher draws) and the longest gap between two frames afterwards.
const FRAME_WATCH = `
    window.__frames = { first: null, count: 0, last: null, longest: 0 };
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = function (callback) {
        return request(function (time) {
            callback(time);
            const f = window.__frames;
            const now = performance.now();
            if (typeof wasm_exports !== "undefined" && wasm_exports) {
                if (f.first === null) f.first = now;
                else f.longest = Math.max(f.longest, now - f.last);
                f.count++;
                f.last = now;
            }
        });
    };`;

async function main() {
    fs.mkdirSync(out, { recursive: true });
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "boardsuite-chromium-"));
    const browser = launch(chromium, profile, ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"]);
    const problems = [];
    try {
        const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
        const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
        const page = (method, params) => browser.send(method, params, sessionId);
        browser.on((message) => {
            if (message.method === "Runtime.exceptionThrown") {
                problems.push(message.params.exceptionDetails.exception?.description || "an exception");
            } else if (message.method === "Runtime.consoleAPICalled" && message.params.type === "error") {
                problems.push(message.params.args.map((a) => a.value).join(" "));
            }
        });
        await page("Runtime.enable");
        await page("Page.enable");
        await page("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
        await page("Page.addScriptToEvaluateOnNewDocument", { source: FRAME_WATCH });
        const evaluate = async (expression) =>
            (await page("Runtime.evaluate", { expression, returnByValue: true })).result.value;

        let shots = 0;
        const shot = async (name) => {
            const { data } = await page("Page.captureScreenshot", { format: "png" });
            const bytes = Buffer.from(data, "base64");
            fs.writeFileSync(path.join(out, `${String(++shots).padStart(2, "0")}-${name}.png`), bytes);
            return readPng(bytes);
        };
        const click = async ([x, y]) => {
            await page("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
            await sleep(50);
            await page("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", clickCount: 1 });
            await sleep(100);
            await page("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", clickCount: 1 });
            await sleep(250);
        };
        const waitFirstFrame = async () => {
            for (let i = 0; i < 300; i++) {
                const first = await evaluate("window.__frames && window.__frames.first");
                if (first !== null && first !== undefined) return first;
                await sleep(50);
            }
            fail("the page drew no frame in 15 s");
        };

        // --- The first frame and the launcher ---------------------------
        await page("Page.navigate", { url });
        const firstFrame = await waitFirstFrame();
        log(`first frame ${Math.round(firstFrame)} ms after the page started loading`);
        await sleep(500);
        const launcher = describe(await shot("launcher"));
        log(`launcher: ${(launcher.background * 100).toFixed(0)}% background, brightness spread ${launcher.spread.toFixed(3)}`);
        if (launcher.spread < 0.02) fail("the launcher's screenshot is blank");
        if (launcher.background < 0.3 || launcher.background > 0.9) fail("the launcher's screenshot does not show the launcher's colours");
        if (firstFrame > FIRST_FRAME_LIMIT_MS) fail(`the first frame took ${Math.round(firstFrame)} ms (limit ${FIRST_FRAME_LIMIT_MS})`);

        // --- Stones against the computer at level 1 ----------------------
        await click(POINT.CARD_STONES);
        await shot("stones-modes");
        await click(POINT.MODE_COMPUTER);
        await shot("stones-setup");
        for (let i = 0; i < 9; i++) await click(POINT.SETUP_LEVEL_LESS); // down to level 1 from any level
        await shot("stones-setup-level-1");
        const stored = await evaluate(`localStorage.getItem("boardsuite/settings.toml")`);
        if (!stored || !/\[games\.stones\][^[]*level = 1\b/.test(stored)) fail(`the level is not in the browser's storage: ${stored}`);
        await click(POINT.SETUP_START);
        await shot("stones-game");

        // --- The game, to its end ------------------------------------------
        // Clicks go round the piles; a pile that cannot be sown is refused.
        // Once the game is over, a click on the board sets the result panel
        // aside and the next brings it back, so a look after every click
        // finds it.
        const look = async () => readPng(Buffer.from((await page("Page.captureScreenshot", { format: "png" })).data, "base64"));
        const piles = [1, 2, 3, 4, 5, 6].map((i) => POINT[`STONES_PILE_${i}`]);
        const started = Date.now();
        let over = false;
        for (let i = 0; i < 600 && !over; i++) {
            await click(piles[i % piles.length]);
            await sleep(150);
            const png = await look();
            over = near(png.pixel(...POINT.OVER_PANEL), PANEL, 3) && near(png.pixel(...POINT.OVER_PLAY_AGAIN), ACCENT, 12);
        }
        await shot("stones-over");
        if (!over) fail("the Stones game did not end after 600 clicks");
        // Saved into the browser's storage (F6), under the game's name.
        await page("Input.dispatchKeyEvent", { type: "rawKeyDown", key: "F6", code: "F6", windowsVirtualKeyCode: 117 });
        await sleep(100);
        await page("Input.dispatchKeyEvent", { type: "keyUp", key: "F6", code: "F6", windowsVirtualKeyCode: 117 });
        await sleep(500);
        await shot("stones-saved");
        const saved = await evaluate(`Object.keys(localStorage).filter((k) => k.startsWith("boardsuite/games/stones-"))`);
        if (saved.length !== 1) fail(`F6 saved no game into the browser's storage: ${JSON.stringify(saved)}`);
        log(`saved as ${saved[0]}`);
        const frames = await evaluate("window.__frames");
        log(`the game ended after ${((Date.now() - started) / 1000).toFixed(0)} s; result panel shown`);
        log(`frames: ${frames.count}, the longest gap between two ${Math.round(frames.longest)} ms`);

        // --- The settings after a reload -----------------------------------
        await page("Page.reload", {});
        await waitFirstFrame();
        await sleep(500);
        await shot("launcher-after-reload");
        const kept = await evaluate(`localStorage.getItem("boardsuite/settings.toml")`);
        if (!kept || !/\[games\.stones\][^[]*level = 1\b/.test(kept)) fail("the settings were not kept over a reload");

        // --- Saved games: download, then upload a good and a broken file --
        const savedText = await evaluate(`localStorage.getItem(${JSON.stringify(saved[0])})`);
        const savedName = saved[0].slice("boardsuite/games/".length);
        const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "boardsuite-downloads-"));
        await browser.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
        await click(POINT.LAUNCHER_SAVED);
        await shot("saved-games");
        await click(POINT.SAVED_DOWNLOAD);
        const downloaded = path.join(downloads, savedName);
        for (let i = 0; i < 100 && !fs.existsSync(downloaded); i++) await sleep(50);
        if (!fs.existsSync(downloaded)) fail(`Download gave no file ${savedName}: ${fs.readdirSync(downloads)}`);
        if (fs.readFileSync(downloaded, "utf8") !== savedText) fail("the downloaded file is not the stored record");
        log(`downloaded ${savedName}`);
        // Uploads go through the page's file picker, answered with a file.
        await page("Page.setInterceptFileChooserDialog", { enabled: true });
        const stonesGames = () => evaluate(`Object.keys(localStorage).filter((k) => k.startsWith("boardsuite/games/stones-")).length`);
        const upload = async (name, text) => {
            const file = path.join(downloads, name);
            fs.writeFileSync(file, text);
            const chooser = new Promise((resolve) => browser.on((m) => {
                if (m.method === "Page.fileChooserOpened") resolve(m.params);
            }));
            await click(POINT.SAVED_UPLOAD);
            const opened = await Promise.race([chooser, sleep(5000).then(() => null)]);
            if (!opened) fail("Upload opened no file picker");
            await page("DOM.setFileInputFiles", { files: [file], backendNodeId: opened.backendNodeId });
            await sleep(1500);
        };
        await upload("from-disk.toml", savedText);
        await shot("saved-games-uploaded");
        if ((await stonesGames()) !== 2) fail("the uploaded record was not added to the saved games");
        await upload("broken.toml", BROKEN_RECORD);
        await shot("saved-games-refused");
        if ((await stonesGames()) !== 2) fail("the broken record changed the saved games");
        log("uploaded a record (kept) and a broken one (refused)");
        fs.rmSync(downloads, { recursive: true, force: true });

        // --- Network play: the page hosts on serve, a bot joins -----------
        const servePort = process.env.SERVE_PORT;
        const boardsuite = process.env.BOARDSUITE;
        if (!servePort || !boardsuite) fail("SERVE_PORT and BOARDSUITE name the server for network play");
        const hosting = new Promise((resolve) => browser.on((m) => {
            if (m.method !== "Runtime.consoleAPICalled") return;
            const said = m.params.args.map((a) => a.value).join(" ");
            const found = /hosting stones game ([A-Z0-9]+) at (\S+)/.exec(said);
            if (found) resolve({ code: found[1], at: found[2] });
        }));
        const key = async (key, code, keyCode) => {
            await page("Input.dispatchKeyEvent", { type: "rawKeyDown", key, code, windowsVirtualKeyCode: keyCode });
            await sleep(30);
            await page("Input.dispatchKeyEvent", { type: "keyUp", key, code, windowsVirtualKeyCode: keyCode });
            await sleep(30);
        };
        const type = async (text) => {
            for (const c of text) {
                await page("Input.dispatchKeyEvent", { type: "char", text: c });
                await sleep(20);
            }
        };
        // `boardsuite bot` at level 1 on the serve, with what it prints.
        const spawnBot = (extra) => {
            const child = spawn(boardsuite, ["bot", `127.0.0.1:${servePort}`, "--game", "stones", "--level", "1", ...extra]);
            let said = "";
            child.stdout.on("data", (d) => { said += d; });
            child.stderr.on("data", (d) => { said += d; });
            const bot = { child, exit: null, said: () => said };
            bot.done = new Promise((resolve) => child.on("exit", (code) => { bot.exit = code; resolve(code); }));
            return bot;
        };
        // Clicks go round the piles (one out of turn or on an empty pile is
        // refused) until the bot has seen the end; then the bot must report
        // a result after moves both ways and the page its result panel.
        const playAgainst = async (bot, name) => {
            const started = Date.now();
            try {
                for (let i = 0; i < 900 && bot.exit === null; i++) await click(piles[i % piles.length]);
                await Promise.race([bot.done, sleep(10000)]);
            } finally {
                if (bot.exit === null) bot.child.kill("SIGKILL");
            }
            if (bot.exit !== 0) fail(`${name}: the bot did not finish the game (exit ${bot.exit}): ${bot.said()}`);
            const result = /result .* after (\d+) plies/.exec(bot.said());
            if (!result || Number(result[1]) < 2) fail(`${name}: the bot saw no moves both ways: ${bot.said()}`);
            // A click on the board sets the result panel aside and the next
            // brings it back. On a loaded machine the end may reach the page
            // a while after the bot has seen it, and a frame may come late:
            // a second after each click, the panel has been drawn or set
            // aside, and the clicks take turns until it shows.
            let shown = false;
            for (let i = 0; i < 8 && !shown; i++) {
                if (i > 0) await click(piles[0]);
                await sleep(i === 0 ? 500 : 1000);
                const png = await look();
                shown = near(png.pixel(...POINT.OVER_PANEL), PANEL, 3);
            }
            await shot(`${name.split(" ")[0]}-over`);
            if (!shown) fail(`${name}: the page shows no result panel`);
            log(`${name} against the bot: ${result[0]}, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        };
        await page("Page.reload", {});
        await waitFirstFrame();
        await sleep(500);
        await click(POINT.CARD_STONES);
        await click(POINT.MODE_HOST);
        await click(POINT.SETUP_START);
        await shot("host-lobby");
        // The address field offers the page's host on serve's default port:
        // clear it and type serve's.
        for (let i = 0; i < 40; i++) await key("Backspace", "Backspace", 8);
        await type(`ws://127.0.0.1:${servePort}`);
        await shot("host-lobby-address");
        await key("Enter", "Enter", 13);
        const hosted = await Promise.race([hosting, sleep(15000).then(() => null)]);
        await shot("host-waiting");
        if (!hosted) fail("the page opened no game on boardsuite serve");
        log(`the page hosts game ${hosted.code} at ${hosted.at}`);
        await playAgainst(spawnBot(["--code", hosted.code, "--seed", "7"]), `hosted game ${hosted.code}`);

        // --- Network play: a bot opens the game, the page joins it ---------
        const opener = spawnBot(["--seed", "8"]);
        let code = null;
        for (let i = 0; i < 200 && !code; i++) {
            code = (/^code ([A-Z0-9]+)$/m.exec(opener.said()) || [])[1] || null;
            if (!code) await sleep(50);
        }
        if (!code) fail(`the bot opened no game: ${opener.said()}`);
        await page("Page.reload", {});
        await waitFirstFrame();
        await sleep(500);
        await click(POINT.CARD_STONES);
        await click(POINT.MODE_JOIN);
        // The address typed without its scheme: the page adds ws://.
        await click(POINT.LOBBY_ADDRESS);
        for (let i = 0; i < 40; i++) await key("Backspace", "Backspace", 8);
        await type(`127.0.0.1:${servePort}`);
        await key("Enter", "Enter", 13);
        await type(code);
        await shot("join-lobby");
        await key("Enter", "Enter", 13);
        await playAgainst(opener, `joined game ${code}`);
        if (problems.length) fail(`the page reported errors: ${problems.join("; ")}`);
        log(`ok: ${shots} screenshots in ${out}`);
    } finally {
        await closeAndForget(browser, profile);
    }
}

main().catch((e) => {
    console.error(`web-smoke: FAIL: ${e.message}`);
    process.exit(1);
});
