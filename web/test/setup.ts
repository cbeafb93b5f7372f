import { JOB_POLLING } from "../src/api/polling";

// A job's progress asked every 100 ms, not every 2 s: the tests follow a job to its end.
JOB_POLLING.ms = 100;

// happy-dom follows a link with `download` to its blob: address, where a
// browser would save the file; every later test in the worker would then start
// from that address ("Invalid URL"). Here a download link saves nothing.
const follow = HTMLAnchorElement.prototype.click;
HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
  if (this.hasAttribute("download")) return;
  follow.call(this);
};
