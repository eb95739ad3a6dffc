import { Select, TextField } from '@lantern/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchProperties } from '../api/users.ts';

/** Find a property by address (staff with "See properties"), then choose it from the matches. */
export function PropertyPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (hash: string) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const matches = useQuery({
    queryKey: ['admin', 'properties', 'pick', search],
    queryFn: ({ signal }) => searchProperties(search, signal),
    enabled: search.length >= 2,
  });
  const options = matches.data?.rows.map((p) => ({ value: p.hash, label: p.address })) ?? [];
  useEffect(() => {
    if (options.length && !options.some((o) => o.value === value))
      onChange(options[0]?.value ?? '');
  }, [options, value, onChange]);
  return (
    <>
      <TextField
        label="Find a property"
        type="search"
        value={text}
        hint="Type part of the address."
        onChange={(e) => setText(e.target.value)}
      />
      <Select
        label="Property"
        value={value}
        options={options}
        placeholder={
          search.length < 2
            ? 'Search first'
            : matches.isFetching
              ? 'Searching…'
              : 'No property matches'
        }
        disabled={!options.length}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
    </>
  );
}
