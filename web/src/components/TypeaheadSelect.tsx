import { type QueryKey, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from "downshift";
import { type ChangeEvent, type KeyboardEvent, type Ref, useId, useMemo, useState } from "react";
import { Form } from "react-bootstrap";
import { translate } from "../i18n/messages";
import { useDebouncedText } from "./useDebouncedText";

export interface TypeaheadOption {
  value: string;
  label: string;
}

/** One page of matches: its options and how many match in all. */
export interface TypeaheadPage {
  options: TypeaheadOption[];
  total: number;
}

export const TYPEAHEAD_PAGE_SIZE = 20;
const DEBOUNCE_MS = 250;

export interface TypeaheadSelectProps {
  id: string;
  /** The chosen value ("" = nothing chosen yet). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The matches of `q`, page by page (from 1): one server call per page. */
  fetchPage: (q: string, page: number) => Promise<TypeaheadPage>;
  /** The key its answers are kept under (a write to the resource refreshes them). */
  queryKey: QueryKey;
  /** The current value's label when the screen already knows it (the record's referrer name). */
  knownLabel?: string | undefined;
  /** Otherwise the label of one value: one call for that record, never the list. */
  fetchLabel?: (value: string) => Promise<string | undefined>;
  /** Choices that are not records ("None"), offered before the matches. */
  fixedOptions?: TypeaheadOption[];
  /** Values never offered (the user being edited, as their own referrer). */
  exclude?: (value: string) => boolean;
  placeholder?: string;
  isInvalid?: boolean;
  "aria-invalid"?: true | undefined;
  "aria-describedby"?: string | undefined;
}

/**
 * A select for a list too large to load (users): the admin types, the server
 * answers matches a page at a time (`q`, `_limit`), and more are asked for
 * when the list is scrolled or arrowed to its end. The current value's label
 * is shown without the list. Keyboard and ARIA are Downshift's `useCombobox`
 * (the WAI-ARIA combobox pattern: arrows, Page Up/Down, Home/End, Enter,
 * Escape; aria-activedescendant), held to a few rules of ours in `stateReducer`
 * (docs/decisions/combobox-on-downshift.md).
 */
export function TypeaheadSelect(props: TypeaheadSelectProps) {
  const { id, value, onChange, fetchPage, queryKey, fixedOptions = [], exclude } = props;
  const listId = `${id}-listbox`;
  const statusId = useId();
  const [open, setOpen] = useState(false);
  // Typing: the input shows what was typed; otherwise the current value's label.
  const [typing, setTyping] = useState(false);
  const [q, setQ] = useState("");
  // What was typed, asked for after a short pause.
  const [text, setText] = useDebouncedText(q, setQ, DEBOUNCE_MS);
  const [picked, setPicked] = useState<TypeaheadOption | null>(null);

  // The label of the current value: what was picked here, what the screen knows, or one GET.
  const fixedLabel = fixedOptions.find((o) => o.value === value)?.label;
  const pickedLabel = picked?.value === value ? picked.label : undefined;
  const localLabel = fixedLabel ?? pickedLabel ?? props.knownLabel;
  const fetched = useQuery({
    queryKey: [...queryKey, "label", value],
    queryFn: () => props.fetchLabel?.(value) ?? Promise.resolve(undefined),
    enabled: value !== "" && localLabel === undefined && props.fetchLabel !== undefined,
    staleTime: 60_000,
  });
  const label = localLabel ?? fetched.data ?? (value === "" ? "" : value);

  const matches = useInfiniteQuery({
    queryKey: [...queryKey, "typeahead", q],
    queryFn: ({ pageParam }) => fetchPage(q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * TYPEAHEAD_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    enabled: open,
    staleTime: 30_000,
  });

  const { options, fixedShown } = useMemo(() => {
    const needle = q.toLowerCase();
    const fixed = fixedOptions.filter((o) => o.label.toLowerCase().includes(needle));
    const found = (matches.data?.pages ?? [])
      .flatMap((p) => p.options)
      .filter((o) => !exclude?.(o.value));
    return { options: [...fixed, ...found], fixedShown: fixed.length };
  }, [matches.data, fixedOptions, exclude, q]);
  const total = matches.data?.pages[0]?.total;

  const more = () => {
    if (matches.hasNextPage && !matches.isFetchingNextPage) void matches.fetchNextPage();
  };
  const stopTyping = () => {
    setTyping(false);
    setText("");
  };

  const combobox = useCombobox<TypeaheadOption>({
    items: options,
    itemToString: (option) => option?.label ?? "",
    itemToKey: (option) => option?.value,
    inputId: id,
    menuId: listId,
    getItemId: (index) => `${id}-option-${index}`,
    isOpen: open,
    onIsOpenChange: ({ isOpen }) => {
      setOpen(isOpen ?? false);
      // Closed (Escape, a pick, a click or Tab away): the label again, the typing dropped.
      if (!isOpen) stopTyping();
    },
    // Nothing stays selected inside: `value` is the selection, so every pick is a change.
    selectedItem: null,
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setPicked(selectedItem);
      onChange(selectedItem.value);
      stopTyping();
    },
    inputValue: typing ? text : label,
    stateReducer: (state, actionAndChanges) =>
      keepOurRules(state, actionAndChanges, options.length),
  });
  const { isOpen, highlightedIndex } = combobox;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const skipDownshift = () => {
      (
        e.nativeEvent as KeyboardEvent["nativeEvent"] & { preventDownshiftDefault?: boolean }
      ).preventDownshiftDefault = true;
    };
    if (e.key === "Escape") {
      // Closed and not typing: Escape is the dialog's (a modal closes), not ours.
      skipDownshift();
      if (!isOpen && !typing) return;
      e.preventDefault();
      combobox.closeMenu();
      stopTyping();
      return;
    }
    if (!isOpen) return;
    // Enter picks; it never submits the form while the list is open.
    if (e.key === "Enter") e.preventDefault();
    // Arrowed or jumped to the end: the next page.
    if (e.key === "End" || (e.key === "ArrowDown" && highlightedIndex >= options.length - 1))
      more();
  };

  const status = !isOpen
    ? ""
    : matches.isLoading
      ? translate("Searching…")
      : options.length === 0
        ? translate("No matches.")
        : total !== undefined && total > options.length - fixedShown
          ? translate("{{shown}} shown of {{total}}; scroll or arrow down for more.", {
              shown: options.length,
              total: total + fixedShown,
            })
          : options.length === 1
            ? translate("{{count}} match.", { count: options.length })
            : translate("{{count}} matches.", { count: options.length });

  return (
    <div className="position-relative typeahead">
      <Form.Control
        {...combobox.getInputProps({
          name: props.name,
          ref: props.inputRef,
          type: "text",
          spellCheck: false,
          // The field's own <label for>, not a label element of Downshift's.
          "aria-labelledby": undefined,
          "aria-activedescendant":
            isOpen && highlightedIndex >= 0 ? `${id}-option-${highlightedIndex}` : undefined,
          "aria-invalid": props["aria-invalid"],
          "aria-describedby": props["aria-describedby"],
          placeholder: translate(props.placeholder ?? "Type to search"),
          onFocus: (e) => e.currentTarget.select(),
          // Kept in the key's own event, before Downshift's handler: Downshift
          // reports a typed value after the next render, which would first draw
          // the old text and lose keys typed quickly one after another.
          onChange: (e: ChangeEvent<HTMLInputElement>) => {
            setText(e.currentTarget.value);
            setTyping(true);
          },
          onKeyDown,
          onBlur: () => props.onBlur?.(),
        })}
        isInvalid={props.isInvalid}
      />
      <div
        {...combobox.getMenuProps({
          "aria-label": translate("Matches"),
          onScroll: (e) => {
            const el = e.currentTarget;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) more();
          },
        })}
        // Busy while the typed text is not yet asked for or its answer is on its way.
        aria-busy={isOpen && (text.trim() !== q || matches.isFetching)}
        className={`dropdown-menu w-100 overflow-auto${isOpen ? " show" : ""}`}
        style={{ maxHeight: 280 }}
        hidden={!isOpen}
      >
        {isOpen &&
          options.map((option, index) => (
            <div
              key={option.value}
              {...combobox.getItemProps({ item: option, index })}
              // Focus stays in the input (aria-activedescendant); never tabbed to.
              tabIndex={-1}
              className={`dropdown-item${index === highlightedIndex ? " active" : ""}${
                option.value === value ? " fw-semibold" : ""
              }`}
              style={{ cursor: "pointer" }}
            >
              {translate(option.label)}
            </div>
          ))}
        {isOpen && (matches.isFetching || matches.hasNextPage) && (
          <div className="dropdown-item-text text-muted small" aria-hidden="true">
            {matches.isFetching ? translate("Loading…") : translate("Scroll for more")}
          </div>
        )}
      </div>
      <div id={statusId} role="status" className="visually-hidden">
        {status}
      </div>
    </div>
  );
}

/**
 * Downshift's changes, held to this select's rules: the arrows stop at the
 * ends of the list (the next page is asked for instead of wrapping), a click
 * in the input opens the list and never closes it, Enter without a highlighted
 * option keeps the list open, and leaving the field never picks an option.
 * Only typing changes the input's text: a pick shows the new value's label.
 */
function keepOurRules(
  state: UseComboboxState<TypeaheadOption>,
  { type, changes }: UseComboboxStateChangeOptions<TypeaheadOption>,
  count: number,
): Partial<UseComboboxState<TypeaheadOption>> {
  const types = useCombobox.stateChangeTypes;
  const kept = { ...changes, inputValue: state.inputValue };
  switch (type) {
    case types.InputChange:
      return changes;
    case types.InputKeyDownArrowDown:
      return state.isOpen && state.highlightedIndex >= count - 1
        ? { ...kept, highlightedIndex: state.highlightedIndex }
        : kept;
    case types.InputKeyDownArrowUp:
      return {
        ...kept,
        isOpen: true,
        highlightedIndex: count > 0 ? Math.max(state.highlightedIndex - 1, 0) : -1,
      };
    case types.InputClick:
      return { ...kept, isOpen: true, highlightedIndex: state.highlightedIndex };
    case types.InputKeyDownEnter:
      return state.highlightedIndex < 0 ? state : kept;
    case types.InputBlur:
      return { ...kept, selectedItem: state.selectedItem };
    default:
      return kept;
  }
}
