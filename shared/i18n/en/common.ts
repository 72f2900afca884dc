/** Words every page uses (namespace `common`, the default namespace). */
export const common = {
  actions: {
    add: 'Add',
    back: 'Back',
    cancel: 'Cancel',
    close: 'Close',
    confirm: 'Confirm',
    delete: 'Delete',
    edit: 'Edit',
    next: 'Next',
    previous: 'Previous',
    retry: 'Retry',
    save: 'Save',
    search: 'Search',
  },
  states: {
    loading: 'Loading…',
    saving: 'Saving…',
    nothingYet: 'Nothing here yet',
  },
  yes: 'Yes',
  no: 'No',
  language: {
    label: 'Language',
    companyDefault: 'Company default ({{language}})',
    company: 'Company language',
    companyHint: 'For people who have not chosen their own, and for their e-mails',
    notSaved: 'The language was not saved',
  },
  /** Durations, the spec's "7h 45m". */
  duration: {
    minutes: '{{minutes}}m',
    hours: '{{hours}}h',
    hoursMinutes: '{{hours}}h {{minutes}}m',
  },
  /** Short relative times: 1m, 2h, 3d, 1w, 1mo, 1y. */
  relative: {
    now: 'now',
    minutes_one: '{{count}}m',
    minutes_other: '{{count}}m',
    hours_one: '{{count}}h',
    hours_other: '{{count}}h',
    days_one: '{{count}}d',
    days_other: '{{count}}d',
    weeks_one: '{{count}}w',
    weeks_other: '{{count}}w',
    months_one: '{{count}}mo',
    months_other: '{{count}}mo',
    years_one: '{{count}}y',
    years_other: '{{count}}y',
  },
};
