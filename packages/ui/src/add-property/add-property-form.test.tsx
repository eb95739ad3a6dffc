import { ADD_PROPERTY_MESSAGES, MESSAGES, PLACES_ONLY_HINT } from '@lantern/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { AddPropertyForm } from './add-property-form.tsx';

// Leaflet needs a real layout; the map step is tested through this stand-in (and in e2e).
vi.mock('../map/pin-map.tsx', () => ({
  default: ({
    point,
    onChange,
  }: {
    point: { lat: number; lng: number } | null;
    onChange: (p: unknown) => void;
  }) => {
    const start = point ?? { lat: 39.8283, lng: -98.5795 };
    return (
      <button type="button" onClick={() => onChange({ lat: start.lat + 0.001, lng: start.lng })}>
        Move pin
      </button>
    );
  },
}));

const RESULT = {
  streetNumber: '1600',
  street: 'Main St',
  city: 'Springfield',
  county: 'Sangamon County',
  state: 'IL',
  zipCode: '62701',
  lat: 39.8,
  lng: -89.65,
  addressComponents: [{ long_name: '62701', short_name: '62701', types: ['postal_code'] }],
};
const CREATED = {
  property: {
    hash: 'h1',
    streetAddress: '1600 Main St',
    role: 'seller',
    badgeColor: '#1d4ed8',
    visible: true,
  },
};
const TILES = { url: null, attribution: '', maxZoom: 19 };

function setup(geocode: unknown, post: unknown = CREATED) {
  const fake = fakeApi({ 'GET /api/geocode': geocode, 'POST /user/add-property': post });
  const onCreated = vi.fn();
  const user = userEvent.setup();
  render(
    <AddPropertyForm
      api={fake.api}
      onCreated={onCreated}
      tiles={TILES}
      intro="Enter the property details to get started."
    />,
  );
  return { ...fake, onCreated, user };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<string, string>> = {},
) {
  const v = {
    street: '1600 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    role: 'seller',
    ...values,
  };
  if (v.street)
    await user.type(
      screen.getByRole('combobox', { name: /Street Address|Nearest Street Name/ }),
      v.street,
    );
  if (v.city) await user.type(screen.getByLabelText('City'), v.city);
  if (v.state) await user.selectOptions(screen.getByLabelText('State'), v.state);
  if (v.zip) await user.type(screen.getByLabelText('Zip Code'), v.zip);
  if (v.role) await user.selectOptions(screen.getByLabelText('I am the'), v.role);
}

const posted = (calls: ReturnType<typeof fakeApi>['calls']) =>
  calls.filter((c) => c.method === 'POST').map((c) => c.body);
const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create Property' }));

beforeEach(() => sessionStorage.clear());

// Typing whole addresses with user-event takes seconds on a busy machine.
describe('AddPropertyForm', { timeout: 30_000 }, () => {
  it("shows the spec's required-field and role messages without calling the server", async () => {
    const { user, calls } = setup({ ok: true, result: RESULT });
    expect(screen.getByText('Enter the property details to get started.')).toBeTruthy();
    await submit(user);
    for (const text of [
      'Street Address is required',
      'City is required',
      'State is required',
      'Zip Code is required',
      'Please select your role.',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    // Only the form's settings (GET /api/map-config) were asked for: no geocoding, no post.
    expect(calls.filter((c) => c.url !== '/api/map-config')).toEqual([]);
    expect(
      screen.getByRole('combobox', { name: 'Street Address' }).getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('says in the street hint when autocomplete suggests places only', async () => {
    const fake = fakeApi({
      'GET /api/map-config': {
        tileUrl: null,
        attribution: '',
        maxZoom: 19,
        suggestsStreets: false,
      },
    });
    render(<AddPropertyForm api={fake.api} tiles={TILES} />);
    const street = screen.getByRole('combobox', { name: 'Street Address' });
    await waitFor(() => expect(street.getAttribute('aria-describedby')).toBeTruthy());
    const hint = document.getElementById(street.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(PLACES_ONLY_HINT);
  });

  it('asks a parcel for its parcel number and calls the street the nearest street name', async () => {
    const { user } = setup({ ok: true, result: RESULT });
    await user.click(screen.getByLabelText('No address'));
    await submit(user);
    expect(screen.getByText('Parcel is required')).toBeTruthy();
    expect(screen.getByText('Nearest Street Name is required')).toBeTruthy();
  });

  it('posts an exact match at once with its county and position, clears the form and marks the creation', async () => {
    const { user, calls, onCreated } = setup({ ok: true, result: RESULT });
    // Typed in lower case: equal to the result but for case, so no dialog opens (issue 36: this
    // path used to post the typed fields with no county and no position).
    await fill(user, { street: '1600 main st', city: 'springfield' });
    await submit(user);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED.property));
    expect(posted(calls)).toEqual([
      {
        propertyLocation: 'address',
        transactionRole: 'seller',
        propertyAddress: expect.objectContaining({
          streetAddress: '1600 Main St',
          city: 'Springfield',
          county: 'Sangamon County',
          state: 'IL',
          zipCode: '62701',
          placeData: expect.objectContaining({ confirmedJson: true, lat: 39.8, lng: -89.65 }),
        }),
      },
    ]);
    expect(sessionStorage.getItem('originatedPropertyCreation')).toBe('true');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for confirmation when a key part is missing: Edit Address keeps the form, Address is Correct posts', async () => {
    const { street: _omit, streetNumber: _n, ...noNumber } = RESULT;
    const { user, calls, onCreated } = setup({
      ok: true,
      result: { ...noNumber, street: 'Main St' },
    });
    await fill(user, { street: 'Main St' });
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Address Confirmation' });
    expect(within(dialog).getByText('Please confirm this address is correct:')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Address' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Springfield');

    await submit(user);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Address is Correct' }),
    );
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posted(calls)[0]).toMatchObject({
      propertyAddress: {
        streetAddress: 'Main St',
        county: 'Sangamon County',
        placeData: { confirmedJson: true, lat: 39.8 },
      },
    });
  });

  it('offers the entered and likely addresses when parts differ, with all three buttons', async () => {
    const { user, calls, onCreated } = setup({ ok: true, result: RESULT });
    await fill(user, { street: '1600 main street', city: 'Chicago' });
    await submit(user);
    let dialog = await screen.findByRole('dialog', {
      name: 'Which address would you like to use?',
    });
    expect(within(dialog).getByText('Entered Address')).toBeTruthy();
    expect(within(dialog).getByText('Likely Address')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Address' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await submit(user);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Use Entered Address' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(posted(calls)[0]).toMatchObject({
      propertyAddress: { streetAddress: '1600 main street', city: 'Chicago', county: '' },
    });

    await fill(user, { street: '1600 main street', city: 'Chicago' });
    await submit(user);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use Likely Address' }),
    );
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(2));
    expect(posted(calls)[1]).toMatchObject({
      propertyAddress: {
        streetAddress: '1600 Main St',
        city: 'Springfield',
        county: 'Sangamon County',
        placeData: { confirmedJson: true },
      },
    });
  });

  it('opens the map when geocoding fails, and posts the pin', async () => {
    const { user, calls, onCreated } = setup({
      ok: false,
      reason: 'not_found',
      message: 'Geocode failed.',
    });
    await fill(user, { city: 'Nowhere' });
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Select Location of Property' });
    expect(within(dialog).getByText('Drag the pin to your property.')).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'Move pin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select Location' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posted(calls)[0]).toMatchObject({
      propertyAddress: {
        placeData: { confirmedJson: true, lat: expect.closeTo(39.8293, 6), lng: -98.5795 },
      },
    });
  });

  it('treats a network failure of the geocoder as a failure: the map step', async () => {
    const { user } = setup(() => {
      throw new TypeError('network');
    });
    await fill(user);
    await submit(user);
    expect(await screen.findByRole('dialog', { name: 'Select Location of Property' })).toBeTruthy();
  });

  it('always places a parcel on the map, starting from the geocoded point', async () => {
    const { user, calls } = setup({ ok: true, result: RESULT });
    await user.click(screen.getByLabelText('No address'));
    await user.type(screen.getByLabelText('Parcel'), '11-22-333');
    await fill(user, { street: 'County Road 12' });
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Select Location of Property' });
    await user.click(await within(dialog).findByRole('button', { name: 'Move pin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select Location' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      propertyLocation: 'parcel',
      propertyAddress: {
        apn: '11-22-333',
        county: 'Sangamon County',
        placeData: { lat: expect.closeTo(39.801, 6), lng: -89.65, confirmedJson: true },
      },
    });
  });

  it('shows server errors under their fields; an edit then resets the confirmation and clears the county', async () => {
    const duplicate = {
      status: 422,
      body: {
        message: 'Please correct the highlighted fields.',
        errorBag: 'userAddProperty',
        errors: {
          'propertyAddress.streetAddress': ['You have already added a property at this address.'],
        },
      },
    };
    const { user, calls } = setup(
      { ok: true, result: { ...RESULT, streetNumber: undefined } },
      duplicate,
    );
    await fill(user, { street: 'Main St' });
    await submit(user);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Address is Correct' }),
    );
    expect(
      await screen.findByText('You have already added a property at this address.'),
    ).toBeTruthy();
    const street = screen.getByRole('combobox', { name: 'Street Address' });
    expect(street.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(street));
    // A field's message is not repeated above the form.
    expect(screen.queryByText('Please correct the highlighted fields.')).toBeNull();
    expect((screen.getByLabelText('County') as HTMLInputElement).value).toBe('Sangamon County');
    const geocodes = () => calls.filter((c) => c.url.startsWith('/api/geocode')).length;
    expect(geocodes()).toBe(1);

    // Still confirmed: a second submit posts again without geocoding.
    await submit(user);
    await waitFor(() => expect(posted(calls)).toHaveLength(2));
    expect(geocodes()).toBe(1);

    // An edit resets it: the county goes and the next submit geocodes again.
    await user.type(screen.getByRole('combobox', { name: 'Street Address' }), ' ');
    expect((screen.getByLabelText('County') as HTMLInputElement).value).toBe('');
    await submit(user);
    await screen.findByRole('dialog', { name: 'Address Confirmation' });
    expect(geocodes()).toBe(2);
  });

  it('checks the shapes with the contract before any lookup, and focuses the first field in page order', async () => {
    const { user, calls } = setup({ ok: true, result: RESULT });
    await fill(user, { zip: '62701-12', role: '' });
    await submit(user);
    const zip = screen.getByLabelText('Zip Code');
    expect(await screen.findByText(ADD_PROPERTY_MESSAGES.zipCode)).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please select your role.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(zip));
    // No geocoding, no post (typing the street asked for suggestions).
    expect(calls.filter((c) => c.url.startsWith('/api/geocode') || c.method === 'POST')).toEqual(
      [],
    );

    // Typing does not bring up or clear other messages; the next submit checks again.
    await user.clear(zip);
    await user.type(zip, '62701');
    expect(zip.getAttribute('aria-invalid')).toBeNull();
    await submit(user);
    const role = screen.getByLabelText('I am the');
    await waitFor(() => expect(document.activeElement).toBe(role));
    expect(screen.queryByText(ADD_PROPERTY_MESSAGES.zipCode)).toBeNull();
  });

  it('shows a failed post that is about no field above the form, and clears it on the next submit', async () => {
    let answer: unknown = new TypeError('Failed to fetch');
    const { user, calls } = setup({ ok: true, result: RESULT }, () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    await fill(user);
    await submit(user);
    expect(await screen.findByText(MESSAGES.networkError)).toBeTruthy();

    answer = { status: 429, body: { message: '', retryAfter: 30 } };
    await submit(user);
    expect(await screen.findByText(MESSAGES.tooManyAttempts(30))).toBeTruthy();
    expect(screen.queryByText(MESSAGES.networkError)).toBeNull();

    answer = CREATED;
    await submit(user);
    await waitFor(() => expect(screen.queryByText(MESSAGES.tooManyAttempts(30))).toBeNull());
    expect(posted(calls)).toHaveLength(3);
  });

  it('fills the fields from a chosen suggestion and posts a whole address without geocoding it again', async () => {
    const fake = fakeApi({
      'GET /api/places/autocomplete': {
        suggestions: [
          {
            id: 'p1',
            description: '1600 Main St, Springfield, IL 62701',
            mainText: '1600 Main St',
            secondaryText: 'Springfield, IL',
          },
        ],
      },
      'GET /api/geocode': { ok: true, result: RESULT },
      'POST /user/add-property': CREATED,
    });
    const user = userEvent.setup();
    render(<AddPropertyForm api={fake.api} tiles={TILES} />);
    const street = screen.getByRole('combobox', { name: 'Street Address' });
    await user.type(street, '1600 Main');
    const option = await screen.findByRole('option', { name: /1600 Main St/ }, { timeout: 2000 });
    expect(street.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(option).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Springfield'),
    );
    expect((screen.getByLabelText('County') as HTMLInputElement).value).toBe('Sangamon County');
    await user.selectOptions(screen.getByLabelText('I am the'), 'buyer');
    await submit(user);
    await waitFor(() => expect(posted(fake.calls)).toHaveLength(1));
    expect(fake.calls.filter((c) => c.url.startsWith('/api/geocode'))).toHaveLength(1);
    expect(posted(fake.calls)[0]).toMatchObject({
      transactionRole: 'buyer',
      propertyAddress: {
        placeData: { confirmedJson: true, json: expect.stringContaining('"version":"1.0"') },
      },
    });
  });
});

describe('AddPropertyForm in edit mode (Update Property)', () => {
  const STORED = {
    location: 'address' as const,
    fields: {
      apn: '',
      streetAddress: '1600 Main St',
      unit: '',
      city: 'Springfield',
      county: 'Sangamon County',
      state: 'IL',
      zipCode: '62701',
    },
    placeData: { confirmedJson: true, lat: 39.8, lng: -89.65, json: '', viewport: null },
  };

  it('starts from the stored address, has no role, and saves a checked change through `save`', async () => {
    const fake = fakeApi({
      'GET /api/geocode': { ok: true, result: { ...RESULT, streetNumber: '1700' } },
    });
    const save = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(
      <AddPropertyForm
        api={fake.api}
        tiles={TILES}
        edit={{ initial: STORED, readOnly: false, save }}
      />,
    );
    expect(screen.queryByLabelText('I am the')).toBeNull();
    const street = screen.getByRole('combobox', { name: 'Street Address' });
    expect(street).toHaveProperty('value', '1600 Main St');
    await user.clear(street);
    await user.type(street, '1700 Main St');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      propertyLocation: 'address',
      propertyAddress: { streetAddress: '1700 Main St', city: 'Springfield', state: 'IL' },
    });
    expect(fake.calls.some((c: { method: string }) => c.method === 'POST')).toBe(false);
    expect(await screen.findByText(/Saved\. Everyone on this property/)).toBeTruthy();
  });

  it('is read-only without can_edit: no edits, no save button', () => {
    const fake = fakeApi({});
    render(
      <AddPropertyForm
        api={fake.api}
        tiles={TILES}
        edit={{ initial: STORED, readOnly: true, save: vi.fn() }}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Street Address' })).toHaveProperty(
      'readOnly',
      true,
    );
    expect(screen.getByLabelText('City')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('State')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save Address' })).toBeNull();
  });
});
