// See define.js.
delete globalThis.define;
