import { type QueryKey, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { Form } from "react-bootstrap";
import { tx } from "../i18n/messages";

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
 * is shown without the list. Keyboard: the WAI-ARIA combobox pattern
 * (arrows, Enter, Escape, Home/End in the list; aria-activedescendant).
 */
export function TypeaheadSelect(props: TypeaheadSelectProps) {
  const { id, value, onChange, fetchPage, queryKey, fixedOptions = [], exclude } = props;
  const listId = `${id}-listbox`;
  const statusId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null); // null: not typing, show the label
  const [q, setQ] = useState("");
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<TypeaheadOption | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

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

  // Search as the admin types, after a short pause.
  useEffect(() => {
    const next = (text ?? "").trim();
    if (next === q) return;
    const timer = setTimeout(() => setQ(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  const matches = useInfiniteQuery({
    queryKey: [...queryKey, "typeahead", q],
    queryFn: ({ pageParam }) => fetchPage(q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * TYPEAHEAD_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    enabled: open,
    staleTime: 30_000,
  });

  const options = useMemo(() => {
    const needle = q.toLowerCase();
    const fixed = fixedOptions.filter((o) => o.label.toLowerCase().includes(needle));
    const found = (matches.data?.pages ?? [])
      .flatMap((p) => p.options)
      .filter((o) => !exclude?.(o.value));
    return [...fixed, ...found];
  }, [matches.data, fixedOptions, exclude, q]);
  const total = matches.data?.pages[0]?.total;

  const optionId = (index: number) => `${id}-option-${index}`;
  const more = () => {
    if (matches.hasNextPage && !matches.isFetchingNextPage) void matches.fetchNextPage();
  };

  // Keep the active option in view.
  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
    setText(null);
  };
  const choose = (option: TypeaheadOption) => {
    setPicked(option);
    onChange(option.value);
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown": {
        e.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
          return;
        }
        if (active >= options.length - 1) more();
        setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
        return;
      }
      case "ArrowUp": {
        e.preventDefault();
        if (!open) setOpen(true);
        setActive((a) => Math.max(a - 1, 0));
        return;
      }
      case "Home":
      case "End": {
        if (!open || options.length === 0) return;
        e.preventDefault();
        setActive(e.key === "Home" ? 0 : options.length - 1);
        if (e.key === "End") more();
        return;
      }
      case "Enter": {
        if (!open) return;
        // Enter picks; it never submits the form while the list is open.
        e.preventDefault();
        const option = options[active];
        if (option) choose(option);
        return;
      }
      case "Escape": {
        if (!open && text === null) return;
        e.preventDefault();
        close();
        return;
      }
      default:
    }
  };

  const onBlur = (e: FocusEvent<HTMLInputElement>) => {
    if (listRef.current?.contains(e.relatedTarget as Node | null)) return;
    close();
    props.onBlur?.();
  };

  const status = !open
    ? ""
    : matches.isLoading
      ? tx("Searching…")
      : options.length === 0
        ? tx("No matches.")
        : total !== undefined && total > options.length - fixedOptions.length
          ? tx("{{shown}} shown of {{total}}; scroll or arrow down for more.", {
              shown: options.length,
              total: total + fixedOptions.length,
            })
          : options.length === 1
            ? tx("{{count}} match.", { count: options.length })
            : tx("{{count}} matches.", { count: options.length });

  return (
    <div className="position-relative typeahead">
      <Form.Control
        id={id}
        name={props.name}
        ref={props.inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={props["aria-invalid"]}
        aria-describedby={props["aria-describedby"]}
        isInvalid={props.isInvalid}
        placeholder={tx(props.placeholder ?? "Type to search")}
        value={text ?? label}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <div
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={tx("Matches")}
        // Busy while the typed text is not yet asked for or its answer is on its way.
        aria-busy={open && ((text ?? "").trim() !== q || matches.isFetching)}
        className={`dropdown-menu w-100 overflow-auto${open ? " show" : ""}`}
        style={{ maxHeight: 280 }}
        hidden={!open}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) more();
        }}
      >
        {options.map((option, index) => (
          <div
            key={option.value}
            id={optionId(index)}
            role="option"
            // Focus stays in the input (aria-activedescendant); never tabbed to.
            tabIndex={-1}
            aria-selected={index === active}
            className={`dropdown-item${index === active ? " active" : ""}${
              option.value === value ? " fw-semibold" : ""
            }`}
            style={{ cursor: "pointer" }}
            // Keep focus in the input: the click chooses before any blur.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
          >
            {tx(option.label)}
          </div>
        ))}
        {open && (matches.isFetching || matches.hasNextPage) && (
          <div className="dropdown-item-text text-muted small" aria-hidden="true">
            {matches.isFetching ? tx("Loading…") : tx("Scroll for more")}
          </div>
        )}
      </div>
      <div id={statusId} role="status" className="visually-hidden">
        {status}
      </div>
    </div>
  );
}
