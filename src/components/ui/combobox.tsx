'use client';

import { Command } from 'cmdk';
import { CheckIcon, ChevronsUpDownIcon, LoaderIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { cn } from './cn';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export type ComboboxOption = { value: string; label: string; description?: string; keywords?: string[] };

export type ComboboxProps = {
  /** The trigger's id: `<Label htmlFor={id}>` names it. */
  id?: string;
  value: string | undefined;
  onValueChange: (value: string | undefined, option?: ComboboxOption) => void;
  /** The choices; with `onSearch` these are only what shows before the operator types. */
  options?: ComboboxOption[];
  /** Async choices: called (debounced) with what was typed; stale answers are dropped. */
  onSearch?: (query: string) => Promise<ComboboxOption[]>;
  placeholder: string;
  searchPlaceholder?: string;
  emptyText?: string;
  /** The label of the current value when it is not among `options` (a value loaded with the record). */
  selectedLabel?: string;
  disabled?: boolean;
  className?: string;
} & Pick<ComponentProps<'button'>, 'aria-invalid' | 'aria-describedby' | 'aria-labelledby' | 'name'>;

const SEARCH_DEBOUNCE_MS = 250;

/**
 * A select with a search box (cmdk in a Radix popover): arrow keys move, Enter picks, Escape closes and returns
 * focus to the trigger, which is a labelled `role="combobox"` button.
 */
export function Combobox(props: ComboboxProps) {
  const { t } = useI18n();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ComboboxOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<ComboboxOption | undefined>();
  const latest = useRef(0);
  const { onSearch } = props;

  useEffect(() => {
    if (!onSearch || !open) return;
    const ticket = ++latest.current;
    setLoading(true);
    const timer = setTimeout(() => {
      onSearch(query).then(
        (options) => {
          if (ticket !== latest.current) return;
          setFound(options);
          setLoading(false);
        },
        () => {
          if (ticket !== latest.current) return;
          setFound([]);
          setLoading(false);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [onSearch, query, open]);

  const options = (onSearch ? found : null) ?? props.options ?? [];
  const current = options.find((o) => o.value === props.value) ?? (picked?.value === props.value ? picked : undefined);
  const shown = current?.label ?? (props.value ? props.selectedLabel : undefined);

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
    >
      <PopoverTrigger asChild>
        <button
          type="button"
          id={props.id}
          name={props.name}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-haspopup="listbox"
          aria-invalid={props['aria-invalid']}
          aria-describedby={props['aria-describedby']}
          aria-labelledby={props['aria-labelledby']}
          disabled={props.disabled}
          data-slot="combobox-trigger"
          className={cn(
            'flex h-9 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive sm:text-sm',
            props.className,
          )}
        >
          <span className={cn('truncate', !shown && 'text-muted-foreground')}>{shown ?? props.placeholder}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-60 p-0">
        <Command shouldFilter={!onSearch} loop label={props.placeholder}>
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder={props.searchPlaceholder ?? t('ui.search')}
            className="h-9 w-full border-b bg-transparent px-3 text-base outline-none placeholder:text-muted-foreground sm:text-sm"
          />
          <Command.List id={listId} className="max-h-64 overflow-y-auto p-1">
            {loading && (
              <Command.Loading>
                <div className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
                  <LoaderIcon className="size-4 animate-spin" aria-hidden="true" />
                  {t('ui.searching')}
                </div>
              </Command.Loading>
            )}
            {!loading && (
              <Command.Empty className="px-2 py-1.5 text-sm text-muted-foreground">
                {props.emptyText ?? t('ui.noResults')}
              </Command.Empty>
            )}
            {options.map((option) => (
              <Command.Item
                key={option.value}
                value={option.value}
                keywords={[option.label, ...(option.keywords ?? [])]}
                onSelect={() => {
                  const unselect = option.value === props.value;
                  setPicked(unselect ? undefined : option);
                  props.onValueChange(unselect ? undefined : option.value, unselect ? undefined : option);
                  setOpen(false);
                  setQuery('');
                }}
                className="flex cursor-default items-start gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
              >
                <CheckIcon
                  className={cn('mt-0.5 size-4 shrink-0', option.value === props.value ? 'opacity-100' : 'opacity-0')}
                  aria-hidden="true"
                />
                <span className="grid">
                  <span>{option.label}</span>
                  {option.description && <span className="text-xs text-muted-foreground">{option.description}</span>}
                </span>
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
