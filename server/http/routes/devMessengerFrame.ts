/**
 * Development only (served under /dev by routes/dev.ts, never in production): a stand-in for Telegram's client
 * around the mini-app. A browser draws none of Telegram's own controls, so the page frames the store and draws
 * them itself: the header's Back button and the bottom bar's MainButton and SecondaryButton, as the app sets
 * them up. It speaks the web-app protocol of Telegram Web, the client that frames mini-apps: the SDK in the
 * frame posts `{ eventType, eventData }` messages (web_app_setup_main_button, …) to this page, and this page
 * posts Telegram's events back (main_button_pressed, secondary_button_pressed, back_button_pressed, theme,
 * viewport, popups closed, CloudStorage answers). The mini-app is the production build, unchanged: nothing of this is in it.
 */

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Telegram Desktop's dark theme, as the launch parameters carry it (the frame answers web_app_request_theme with it). */
export const DEV_TELEGRAM_THEME = {
  bg_color: "#17212b",
  text_color: "#f5f5f5",
  hint_color: "#708499",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#232e3c",
};

/** The page: Telegram's header, the mini-app at `appUrl` in a frame, Telegram's bottom bar. */
export function messengerFramePage(appUrl: string, user: { id: number; name: string }): string {
  const theme = DEV_TELEGRAM_THEME;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Messenger mode (development)</title>
<style>
*{box-sizing:border-box}
html,body{height:100%;margin:0}
body{font:15px/1.3 system-ui,sans-serif;background:#0e1621;color:${theme.text_color};display:flex;justify-content:center}
.tg{display:flex;flex-direction:column;width:100%;max-width:520px;height:100%;background:${theme.bg_color}}
.tg-head{display:flex;align-items:center;gap:8px;min-height:48px;padding:0 8px;background:${theme.secondary_bg_color}}
.tg-head button{border:0;background:none;color:${theme.button_color};font:inherit;font-weight:600;padding:8px;
border-radius:8px;cursor:pointer}
.tg-head .tg-title{flex:1;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.tg-head .tg-note{color:${theme.hint_color};font-size:12px}
iframe{flex:1;width:100%;border:0;background:${theme.bg_color}}
.tg-bar{display:flex;gap:8px;padding:8px;background:${theme.secondary_bg_color}}
.tg-bar[hidden],.tg-bar button[hidden],.tg-head button[hidden]{display:none}
.tg-bar button{flex:1;min-height:46px;border:0;border-radius:10px;font:inherit;font-weight:600;padding:0 12px;cursor:pointer}
.tg-bar button:disabled{opacity:.55;cursor:default}
.tg-bar button[aria-busy="true"]::after{content:"";display:inline-block;width:.9em;height:.9em;margin-left:8px;vertical-align:-2px;
border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:tg-spin .8s linear infinite}
@keyframes tg-spin{to{transform:rotate(360deg)}}
</style></head>
<body><div class="tg" data-testid="messenger-frame">
<div class="tg-head"><button id="tg-back" type="button" hidden>‹ Back</button>
<span class="tg-title">Koh Samui Store · ${escape(user.name)}</span><span class="tg-note">Telegram stand-in (development)</span></div>
<iframe id="tg-app" title="Koh Samui Store" src="${escape(appUrl)}"
 data-theme="${escape(JSON.stringify(theme))}" data-user="${user.id}"></iframe>
<div class="tg-bar" id="tg-bar" hidden><button id="tg-secondary" type="button" hidden></button>
<button id="tg-main" type="button" hidden></button></div>
</div><script src="/dev/telegram/frame.js"></script></body></html>`;
}

/**
 * The page's script (a file of its own: the Content-Security-Policy allows no inline script). Plain JavaScript
 * in a string: it runs in the browser as it is written here.
 */
export const messengerFrameScript = `"use strict";
(function () {
  var frame = document.getElementById("tg-app");
  var theme = JSON.parse(frame.dataset.theme);
  var bar = document.getElementById("tg-bar");
  var back = document.getElementById("tg-back");
  var buttons = {
    main: { element: document.getElementById("tg-main"), pressed: "main_button_pressed", state: { is_visible: false } },
    secondary: { element: document.getElementById("tg-secondary"), pressed: "secondary_button_pressed", state: { is_visible: false } },
  };

  function send(eventType, eventData) {
    frame.contentWindow.postMessage(JSON.stringify({ eventType: eventType, eventData: eventData }), location.origin);
  }

  function draw(button, state) {
    button.state = state;
    var element = button.element;
    element.hidden = !state.is_visible;
    element.textContent = state.text || "";
    element.disabled = state.is_active === false;
    element.setAttribute("aria-busy", state.is_progress_visible ? "true" : "false");
    element.style.background = state.color || (button === buttons.main ? theme.button_color : theme.bg_color);
    element.style.color = state.text_color || (button === buttons.main ? theme.button_text_color : theme.button_color);
    if (button === buttons.secondary) {
      var position = state.position || "left";
      element.style.order = position === "right" || position === "bottom" ? "1" : "0";
      bar.style.flexDirection = position === "top" || position === "bottom" ? "column" : "row";
    }
    bar.hidden = buttons.main.element.hidden && buttons.secondary.element.hidden;
    sendViewport();
  }

  function press(button) {
    var state = button.state;
    if (!state.is_visible || state.is_active === false || state.is_progress_visible) return;
    send(button.pressed);
  }

  function sendViewport() {
    send("viewport_changed", { height: frame.clientHeight, width: frame.clientWidth, is_expanded: true, is_state_stable: true });
  }

  function popup(params) {
    var buttonsOf = params.buttons || [{ id: "", type: "close" }];
    var answer = buttonsOf.filter(function (b) { return b.type !== "cancel" && b.type !== "close"; })[0];
    var text = (params.title ? params.title + "\\n\\n" : "") + params.message;
    if (!answer) {
      window.alert(text);
      send("popup_closed", { button_id: buttonsOf[0] ? buttonsOf[0].id : "" });
    } else if (window.confirm(text)) {
      send("popup_closed", { button_id: answer.id });
    } else {
      send("popup_closed", {});
    }
  }

  // Telegram's CloudStorage (per user and bot): kept in this page's localStorage, per Telegram user id.
  var cloudPrefix = "dev-telegram-cloud:" + frame.dataset.user + ":";
  function cloudStorage(request) {
    var params = request.params || {};
    var answer;
    if (request.method === "getStorageValues") {
      var values = {};
      (params.keys || []).forEach(function (key) { values[key] = localStorage.getItem(cloudPrefix + key) || ""; });
      answer = { result: values };
    } else if (request.method === "saveStorageValue") {
      localStorage.setItem(cloudPrefix + params.key, params.value);
      answer = { result: true };
    } else if (request.method === "deleteStorageValues") {
      (params.keys || []).forEach(function (key) { localStorage.removeItem(cloudPrefix + key); });
      answer = { result: true };
    } else {
      answer = { error: "UNKNOWN_METHOD" };
    }
    answer.req_id = request.req_id;
    send("custom_method_invoked", answer);
  }

  window.addEventListener("message", function (event) {
    if (event.source !== frame.contentWindow || typeof event.data !== "string") return;
    var message;
    try {
      message = JSON.parse(event.data);
    } catch (_) {
      return;
    }
    var data = message.eventData || {};
    switch (message.eventType) {
      case "iframe_ready":
        // A new page in the frame (a reload): Telegram's buttons start hidden again.
        draw(buttons.main, { is_visible: false });
        draw(buttons.secondary, { is_visible: false });
        back.hidden = true;
        break;
      case "web_app_setup_main_button":
        draw(buttons.main, data);
        break;
      case "web_app_setup_secondary_button":
        draw(buttons.secondary, data);
        break;
      case "web_app_setup_back_button":
        back.hidden = !data.is_visible;
        break;
      case "web_app_request_theme":
        send("theme_changed", { theme_params: theme });
        break;
      case "web_app_request_viewport":
        sendViewport();
        break;
      case "web_app_invoke_custom_method":
        cloudStorage(data);
        break;
      case "web_app_open_popup":
        popup(data);
        break;
      case "web_app_open_link":
        window.open(data.url, "_blank", "noopener");
        break;
      case "web_app_open_tg_link":
        window.open("https://t.me" + data.path_full, "_blank", "noopener");
        break;
      case "web_app_close":
        document.title = "Closed · Messenger mode (development)";
        break;
    }
  });

  buttons.main.element.addEventListener("click", function () { press(buttons.main); });
  buttons.secondary.element.addEventListener("click", function () { press(buttons.secondary); });
  back.addEventListener("click", function () { send("back_button_pressed"); });
  window.addEventListener("resize", sendViewport);
})();
`;
