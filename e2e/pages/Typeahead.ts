import { expect, type Locator } from "@playwright/test";

/** The list a type-ahead (role combobox) controls. */
export async function listOf(input: Locator): Promise<Locator> {
  const id = await input.getAttribute("aria-controls");
  if (!id) throw new Error("not a combobox: no aria-controls");
  return input.page().locator(`[id="${id}"]`);
}

/** Waits until the list shows the server's answer to what was typed. */
async function answered(input: Locator): Promise<Locator> {
  const list = await listOf(input);
  await list.and(input.page().locator("[aria-busy=false]")).waitFor();
  return list;
}

/** Types into a type-ahead and answers the options it offers once the server has answered. */
export async function typeaheadOptions(input: Locator, text: string): Promise<string[]> {
  await input.fill(text);
  // Nothing typed: the list is opened from the keyboard.
  if (text === "") await input.press("ArrowDown");
  const list = await answered(input);
  return (await list.getByRole("option").allTextContents()).map((t) => t.trim());
}

/**
 * Types into a type-ahead and picks the option whose label is exactly `label`,
 * once the list answers what was typed (an option of the list before it can be
 * replaced under the pointer), until the field shows the choice.
 */
export async function chooseInTypeahead(input: Locator, label: string): Promise<void> {
  await expect(async () => {
    await input.fill(label);
    const list = await answered(input);
    await list.getByRole("option", { name: label, exact: true }).click({ timeout: 5_000 });
    await expect(input).toHaveValue(label, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
