// Prints a migration's statements that (re)create the triggers every list
// needs (src/lib/lists/triggers.ts), or only those on the tables named:
//   npm run list-triggers -w server -- brands > drizzle/00NN_<name>.sql
import { definedLists } from "../src/lib/lists";
import { listTriggers, triggersMigration } from "../src/lib/lists/triggers";
import "../src/modules";

const tables = process.argv.slice(2);
const triggers = listTriggers(definedLists()).filter(
  (trigger) => tables.length === 0 || tables.includes(trigger.table),
);
process.stdout.write(`${triggersMigration(triggers)}\n`);
