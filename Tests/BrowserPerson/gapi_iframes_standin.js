// A stand-in for Google's API loader (https://apis.google.com/js/api.js) with the part of gapi.iframes the Firebase
// JS SDK and fauth-emulator's helper frame (/emulator/auth/iframe) use, for the offline web-SDK test: the browser
// is pointed here for apis.google.com (chromium_web_sdk_app.py). Written for this test from what the SDK calls (the
// real library's wire format is not public): a parent opens a frame (the frame's URL gets "#parent=<origin>", as
// gapi passes the parent's origin in the fragment), pings it until it answers, and each side registers handlers
// and sends named messages; the answer to a send is the list of the handlers' results. A message sent before the
// other side registered a handler for its name waits for that handler.
(function () {
  var FILTER = function () { return true; };
  var frames = [];
  var nextId = 1;

  function Frame(target, origin) {
    this.target = target;
    this.origin = origin;
    this.handlers = {};
    this.waiting = {};
    this.pending = {};
    this.connected = false;
  }
  Frame.prototype.post = function (message) {
    message.gapiStandin = 1;
    this.target.postMessage(message, this.origin);
  };
  Frame.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.waiting[name] || [];
    delete this.waiting[name];
    for (var i = 0; i < queued.length; i++) { this.answer(queued[i]); }
  };
  Frame.prototype.answer = function (call) {
    var results = call.name === '_ping' ? [] : [this.handlers[call.name](call.payload)];
    this.post({ kind: 'reply', id: call.id, payload: results });
  };
  Frame.prototype.receive = function (message) {
    if (message.kind === 'reply') {
      var callback = this.pending[message.id];
      delete this.pending[message.id];
      if (callback) { callback(message.payload); }
    } else if (message.kind === 'call') {
      if (message.name === '_ping' || this.handlers[message.name]) {
        this.answer(message);
      } else {
        (this.waiting[message.name] = this.waiting[message.name] || []).push(message);
      }
    }
  };
  Frame.prototype.send = function (name, payload, callback) {
    var id = nextId++;
    this.pending[id] = callback || function () {};
    this.post({ kind: 'call', id: id, name: name, payload: payload });
  };
  Frame.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      var done = false;
      function attempt() {
        if (done) { return; }
        self.send('_ping', null, function () {
          if (!done) { done = true; if (callback) { callback(); } resolve(); }
        });
        setTimeout(attempt, 100);
      }
      attempt();
    });
  };
  Frame.prototype.restyle = function () { return Promise.resolve(); };

  window.addEventListener('message', function (e) {
    if (!e.data || e.data.gapiStandin !== 1) { return; }
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].target === e.source && (frames[i].origin === '*' || frames[i].origin === e.origin)) {
        frames[i].receive(e.data);
      }
    }
  });

  var context = {
    open: function (options, ready) {
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      for (var name in attributes) {
        if (name === 'style') {
          for (var property in attributes.style) { element.style[property] = attributes.style[property]; }
        } else {
          element.setAttribute(name, attributes[name]);
        }
      }
      element.src = options.url + '#parent=' + encodeURIComponent(location.origin);
      options.where.appendChild(element);
      var frame = new Frame(element.contentWindow, new URL(options.url).origin);
      frames.push(frame);
      return ready(frame);
    },
    getParentIframe: function () {
      var match = /[#&]parent=([^&]*)/.exec(location.hash);
      var frame = new Frame(window.parent, match ? decodeURIComponent(match[1]) : '*');
      frames.push(frame);
      return frame;
    }
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = { CROSS_ORIGIN_IFRAMES_FILTER: FILTER, getContext: function () { return context; } };
  window.gapi.load = function (name, options) { setTimeout(options.callback, 0); };

  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && window[onload]) { window[onload](); } else if (window.gapi_onload) { window.gapi_onload(); }
  }, 0);
})();
