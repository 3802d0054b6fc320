// Frame gaps in the web page while the computer thinks at level 10 (the
// figures in docs/web.md):
//
//   node .ci/web-frames.js URL [stones|blockade] [SECONDS]
//
// Opens the game against the computer at level 10 with the computer
// moving first, lets it play for SECONDS (default 10) without input, and
// prints the frames drawn and the longest gap between two. The page must
// be served (see .ci/web-smoke.sh).
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { launch, sleep, closeAndForget } = require("./web-cdp.js");

const CARDS = { stones: [640, 420], blockade: [1056, 420] };
const MODE_COMPUTER = [870, 162];
const SETUP_LEVEL_MORE = [589, 249];
const SETUP_FIRST_MORE = [589, 301];
const SETUP_START = [1142, 756];

async function main() {
    const [url, game = "stones", seconds = "10"] = process.argv.slice(2);
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "boardsuite-chromium-"));
    const browser = launch(process.env.CHROMIUM || "/usr/bin/chromium", profile, ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"]);
    try {
        const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
        const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
        const page = (method, params) => browser.send(method, params, sessionId);
        await page("Page.enable");
        await page("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
        await page("Page.navigate", { url });
        await sleep(3000);
        const click = async ([x, y]) => {
            await page("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
            await page("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", clickCount: 1 });
            await sleep(100);
            await page("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", clickCount: 1 });
            await sleep(300);
        };
        await click(CARDS[game]);
        await click(MODE_COMPUTER);
        for (let i = 0; i < 9; i++) await click(SETUP_LEVEL_MORE);
        await click(SETUP_FIRST_MORE);
        await page("Page.captureScreenshot", { format: "png" }).then(({ data }) =>
            fs.writeFileSync(path.join(os.tmpdir(), `web-frames-${game}-setup.png`), Buffer.from(data, "base64")));
        const watch = `(() => {
            window.__gaps = { count: 0, longest: 0, over100: 0, last: performance.now() };
            const tick = () => {
                const g = window.__gaps, now = performance.now(), gap = now - g.last;
                g.longest = Math.max(g.longest, gap);
                if (gap > 100) g.over100++;
                g.count++;
                g.last = now;
                requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
        })()`;
        await click(SETUP_START);
        await page("Runtime.evaluate", { expression: watch });
        await sleep(Number(seconds) * 1000);
        const gaps = (await page("Runtime.evaluate", { expression: "window.__gaps", returnByValue: true })).result.value;
        const { data } = await page("Page.captureScreenshot", { format: "png" });
        const shot = path.join(os.tmpdir(), `web-frames-${game}.png`);
        fs.writeFileSync(shot, Buffer.from(data, "base64"));
        console.log(`${game}, level 10, computer first, ${seconds} s: ${gaps.count} frames, ` +
            `longest gap ${Math.round(gaps.longest)} ms, ${gaps.over100} gaps over 100 ms (screenshot ${shot})`);
    } finally {
        await closeAndForget(browser, profile);
    }
}

main().catch((e) => {
    console.error(`web-frames: ${e.message}`);
    process.exit(1);
});
