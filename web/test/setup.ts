// happy-dom follows a link with `download` to its blob: address, where a
// browser would save the file; every later test in the worker would then start
// from that address ("Invalid URL"). Here a download link saves nothing.
const follow = HTMLAnchorElement.prototype.click;
HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
  if (this.hasAttribute("download")) return;
  follow.call(this);
};
