var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// ../shared/src/http/errors.ts
import { z } from "zod";
var MessageBodySchema, MailErrorBodySchema, ValidationErrorBodySchema;
var init_errors = __esm({
  "../shared/src/http/errors.ts"() {
    "use strict";
    MessageBodySchema = z.object({ message: z.string() });
    MailErrorBodySchema = z.object({ error: z.object({ mail: z.string() }) });
    ValidationErrorBodySchema = z.object({
      message: z.string(),
      errors: z.record(z.string(), z.array(z.string()))
    });
  }
});

// ../shared/src/http/web-session.ts
var SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE;
var init_web_session = __esm({
  "../shared/src/http/web-session.ts"() {
    "use strict";
    SESSION_COOKIE = "backhaul_session";
    WEB_CLIENT_HEADER = "x-backhaul-client";
    WEB_CLIENT_VALUE = "web";
  }
});

// ../shared/src/schemas/input-kinds.ts
import { z as z2 } from "zod";
var inputKinds;
var init_input_kinds = __esm({
  "../shared/src/schemas/input-kinds.ts"() {
    "use strict";
    inputKinds = z2.registry();
  }
});

// ../shared/src/schemas/dates.ts
import { z as z3 } from "zod";
function dateProblem(value) {
  const m = DATE.exec(value);
  if (!m) return DATE_MSG.format;
  const [year, month, day2] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!yearInRange(year)) return DATE_MSG.years;
  const d = new Date(Date.UTC(year, month - 1, day2));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day2)
    return DATE_MSG.noSuchDate;
  return null;
}
function isMonth(value) {
  const m = MONTH.exec(value);
  return m !== null && yearInRange(Number(m[1])) && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}
function isDateTime(value) {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDate(m[1] ?? "")) return false;
  return m[2] === void 0 || Number(m[2]) <= 23 && Number(m[3]) <= 59;
}
function checked(kind, opts, problem) {
  const typeMessage2 = opts.message ?? (kind === "date" ? DATE_MSG.format : kind === "month" ? DATE_MSG.month : DATE_MSG.dateTime);
  return z3.string({ error: typeMessage2 }).trim().superRefine((value, ctx) => {
    if (value === "" && opts.allowEmpty) return;
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message: opts.message ?? message, input: value, continue: false });
  }).register(inputKinds, { kind });
}
var DATE_MIN_YEAR, DATE_MAX_YEAR, DATE_MSG, DATE, MONTH, DATE_TIME, yearInRange, isCalendarDate, dateSchema, monthSchema, dateTimeSchema;
var init_dates = __esm({
  "../shared/src/schemas/dates.ts"() {
    "use strict";
    init_input_kinds();
    DATE_MIN_YEAR = 1900;
    DATE_MAX_YEAR = 2199;
    DATE_MSG = {
      format: "Use the date format YYYY-MM-DD.",
      noSuchDate: "There is no such date on the calendar.",
      years: `The date must be between ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}.`,
      month: "Use a month YYYY-MM (01 to 12).",
      dateTime: "Use the format YYYY-MM-DD HH:mm (00:00 to 23:59)."
    };
    DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
    MONTH = /^(\d{4})-(\d{2})$/;
    DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2}))?$/;
    yearInRange = (year) => year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
    isCalendarDate = (value) => dateProblem(value) === null;
    dateSchema = (opts = {}) => checked("date", opts, dateProblem);
    monthSchema = (opts = {}) => checked("month", opts, (v) => isMonth(v) ? null : DATE_MSG.month);
    dateTimeSchema = (opts = {}) => checked("datetime", opts, (v) => isDateTime(v) ? null : DATE_MSG.dateTime);
  }
});

// ../shared/src/spec/constants.json
var constants_default;
var init_constants = __esm({
  "../shared/src/spec/constants.json"() {
    constants_default = {
      permissions: {
        action_ids: {
          CREATE: 8,
          EDIT: 9,
          VIEW: 10,
          DELETE: 11,
          VIEW_DOC: 13,
          DOWNLOAD_DOC: 14,
          SEND: 15,
          PAID: 16,
          CREATE_EDIT_TRIP: 19,
          ADD_NEW_BROKER: 21,
          DELETE_LOAD: 22,
          FILE_UPLOAD: 23,
          FILE_VIEW: 24,
          FILE_DOWNLOAD: 25,
          FILE_DELETE: 26,
          CHANGE_BINDING: 28,
          GENERATED_BY: 38,
          DELETE_TRIP: 40,
          BILLING_CREATE: 45,
          BILLING_VIEW: 51,
          TOTAL_VALUE: 65,
          INVOICING: 66,
          EXPORT: 72,
          OPEN_INVOICE: 117
        },
        action_ids_notes: 'FILE_UPLOAD..FILE_DELETE are named here from "file upload/view/download/delete 23-26", taken in that order; the spec gives no constant names for them. The registries spec repeats CREATE 8, EDIT 9, VIEW 10, DELETE 11, EXPORT 72, SEND 15, PAID 16.',
        section_ids: {
          Maintenance: 1,
          General: 2,
          Trucks: 3,
          Trailers: 4,
          Drivers: 5,
          Customers: 6,
          Employees: 7,
          Trips: 18,
          Dashboard: 27,
          Settings: 32,
          Users: 33,
          Cities: 35,
          Brokers: 36,
          Roles: 37,
          Accounting: 42,
          Reports: 48,
          "Dispatchers statements": 50,
          Profile: 52,
          Dispatch: 53,
          Safety: 54,
          Logbooks: 55,
          Statistics: 56,
          Billing: 57,
          "Dispatch statistics": 58,
          "Factoring companies": 59,
          Schedules: 60,
          "Short payments": 61,
          "Customer not paid invoices": 62,
          Shop: 63,
          "Work orders": 64,
          "Work orders statistics": 67,
          Analytics: 68,
          Planner: 69,
          Downtime: 70,
          "Trucks on the road": 71,
          "Motivation programme": 73,
          Mail: 74,
          "Map keys": 75,
          "Trailer types": 76,
          "Scheduled payments": 79,
          Account: 89,
          "Lost payments": 119,
          "Invoice generator": 121
        },
        account_subsection_ids: [
          91,
          92,
          93,
          94,
          95,
          96,
          97,
          98,
          99,
          101,
          103,
          104,
          105,
          106,
          118
        ],
        section_ids_notes: 'The dispatch & accounting spec ends the list with "and others"; account sub-section names are not shown.',
        tab_permission_excluded_ids: [
          8,
          9,
          10,
          11
        ],
        button_rules: {
          view_or_open: [
            10
          ],
          delete: [
            11
          ],
          edit: {
            any_of: [
              9,
              10
            ],
            notes: 'Dispatch spec: "9 and 10 edit"; registries spec: "edit needs 9 or 10" (customers, drivers, employees, trailers, trucks).'
          },
          send: [
            15
          ],
          actions_history: {
            all_of: [
              9,
              10
            ]
          },
          cities_users_brokers_edit: [
            9
          ],
          cities_users_brokers_delete: "always shown",
          invoice_send: [
            15
          ],
          invoice_view: [
            13
          ],
          invoice_download_delete_open: "no specific permission in the invoice list",
          invoice_paid: "paid permission (16) and status Open",
          manager_statements: {
            view: [
              10
            ],
            delete: [
              11
            ],
            export: "button disabled without export permission"
          },
          fuel_potential_clients_clients_edit_delete: "shown to everyone",
          button_match_modes: [
            "any-of",
            "all-of"
          ]
        },
        open_loads_disabled_for_departments: [
          6,
          8,
          9,
          11
        ],
        permission_path_list: [
          "account",
          "account users",
          "comments",
          "vacation",
          "bonus-charge",
          "salary history",
          "statements",
          "accounting (customer invoices send/paid, lost payments delete)",
          "safety logbooks edit/delete"
        ],
        permission_flags: [
          "edit",
          "view",
          "view_files",
          "delete",
          "delete_trip",
          "export",
          "open_invoice"
        ]
      },
      roles: {
        role_numbers: [
          0,
          1,
          2,
          3,
          4
        ],
        role_names: "not shown",
        badges_role: 3,
        menu_roles: {
          Dispatch: [
            0,
            1,
            2,
            3,
            4
          ],
          Statistics: [
            0,
            1,
            2,
            3,
            4
          ],
          Accounting: [
            0,
            1,
            2,
            3,
            4
          ],
          Shop: [
            0,
            1,
            2,
            3,
            4
          ],
          Maintenance: [
            0,
            1,
            2,
            3,
            4
          ],
          Safety: [
            0,
            1,
            3,
            4
          ],
          Settings: [
            0,
            1,
            3,
            4
          ],
          Account: "all"
        }
      },
      pagination: {
        default_list_page_size: 15,
        default_list_page_size_applies_to: "trips/dispatch lists",
        default_page: 1,
        default_weeks: 4,
        table_default_page_size: 20,
        page_size_options: [
          5,
          20,
          50,
          100,
          200,
          500,
          "All"
        ],
        all_value: 99999999,
        invoice_list_limit: 999999,
        server_supplied: "page size, order and sort come from the server for most lists",
        filter_refresh_resets: {
          sort: "reset",
          page: 1,
          page_size: 20,
          search: "reset",
          filters: "reset"
        },
        page_reset_to_1_when: [
          "rows per page change",
          "a refresh key changes"
        ],
        page_input_clamped: "between 1 and the page count"
      },
      timing_ms: {
        alert_duration: 4e3,
        filter_debounce: 800,
        note_filter_debounce: 500,
        tooltip_open_delay: 200,
        chunk_load_timeout: 12e4,
        chart_animation: 400,
        session_time: "expires_in * 1000"
      },
      invoice_generation_minutes_approx: 20,
      alerts: {
        types: [
          "success",
          "info",
          "warning",
          "error"
        ],
        auto_clear_ms: 4e3
      },
      api: {
        base: "/api",
        auth_header: "stored auth token in an authorization header (token_type + access_token)",
        login_check_skipped_for_paths_containing: [
          "isLogin",
          "login",
          "statistics/list",
          "statistics/rate-average",
          "graph",
          "invoice/total",
          "invoice/filters"
        ],
        export_file_types: {
          "4": "/loads/export",
          "5": "/trips/export",
          "other (incl. 0)": "/trips/files"
        }
      },
      local_storage_keys: [
        "auth token",
        "version",
        "version_show",
        "versionShowPopup",
        "lastActiveTab"
      ],
      theme: {
        enforced: "dark",
        cycle: [
          "auto",
          "light",
          "dark",
          "auto"
        ],
        stored_theme_removed_at_startup: true
      },
      time_zone: "America/Chicago",
      formats: {
        date_default: "YYYY-MM-DD HH:mm",
        date_display: "YYYY-MM-DD hh:mm",
        date_picker_default: "YYYY-MM-DD",
        date_picker_year_range_each_side: 40,
        week_starts_on: "Sunday",
        quarter_hour_minute_labels: [
          ":00",
          ":15",
          ":30",
          ":45"
        ],
        table_dates_field: "comma separated YYYY-MM-DD",
        time_field: {
          digits_only: true,
          max_digits: 4,
          max_hours: 23,
          max_minutes: 59,
          "24:00_becomes": "00:00",
          result: "HH:MM"
        },
        time_picker: {
          hours: [
            0,
            23
          ],
          hours_12h: [
            1,
            12
          ],
          minutes: [
            0,
            59
          ],
          seconds: [
            0,
            59
          ]
        },
        numbers: "compact with up to 2 decimals",
        percentage_display_cap: 100,
        currency_prefix: "$",
        miles_suffix: "mi",
        reefer_hours_suffix: "hh",
        summary_labels: {
          sum: "sigma",
          count: "n"
        },
        totals_tooltip_min_abs_total: 1e3,
        clients_comment_clip_chars: 500
      },
      phone: {
        digits: 10,
        country_code: "+1",
        display: "+1 (xxx) xxx-xxxx",
        display_when: "10 digits, or 11 with a leading 1; otherwise raw",
        first_digit_not: [
          0,
          1
        ],
        leading_0_or_1_dropped: true
      },
      files: {
        upload_extensions: [
          "png",
          "jpeg",
          "jpg",
          "bmp",
          "gif",
          "pdf"
        ],
        preview_extensions: [
          "png",
          "jpeg",
          "bmp",
          "pdf",
          "gif",
          "jpg"
        ],
        forbidden_name_characters: [
          "@",
          "#",
          "%",
          "&",
          "!"
        ],
        undeletable_driver_file_category: "contract",
        download_disabled_for: "inline data files"
      },
      filters: {
        column_filter_models: [
          "list",
          "address",
          "number",
          "date",
          "note",
          "options",
          "checkbox"
        ],
        number_filter_modes: [
          "less-or-equal",
          "greater-or-equal",
          "between",
          "exact"
        ],
        address_filter_types: {
          PickUp: 1,
          Delivery: 2
        },
        option_radios: {
          labels: [
            "On",
            "All",
            "Off"
          ],
          values: [
            1,
            -1,
            0
          ],
          default: -1,
          fields: [
            "Annual inspection",
            "Alignment",
            "PM service",
            "Towing"
          ],
          notes: "Labels and values are given in this order; their pairing is read from that order."
        },
        date_filter_defaults: {
          type: "Delivery",
          date: "today",
          weeks: 4
        },
        date_filter_empty_checkbox: true,
        note_filter_lowercased: true,
        list_filter_values: [
          "selectTruck",
          "selectTrailer",
          "selectTrailerType",
          "selectDriver",
          "selectCustomer",
          "selectBrocker",
          "selectBrockerNum",
          "selectId",
          "selectDispatcher",
          "dateDelivery",
          "datePU",
          "selectBilling",
          "selectBol",
          "selectInvoiced",
          "weeks",
          "limit",
          "pageNum"
        ],
        column_footer_types: [
          "unique",
          "sum",
          "count"
        ],
        filter_menu_widths_px: {
          options: 280,
          date: 300,
          others: 330
        },
        trucks_on_the_road_date_filter: "one day (from equals to) or a range; defaults to today"
      },
      charts: {
        bar_thickness: 40,
        bar_thickness_one_chart: 100,
        line_tension: 0.5,
        animation_ms: 400,
        dispatch_statistics_series: {
          Gross: "bars, amount",
          RPM: "line, mileage per label"
        },
        safety_statistics_series: {
          "Active drivers": "bars",
          "Customers left": "line"
        }
      },
      statuses: {
        invoice: {
          known: [
            "Open"
          ],
          notes: "Statuses not shown; an Open invoice can be marked paid and the open action is disabled when already Open."
        },
        truck: {
          values: [
            "active",
            "left_company",
            "sold"
          ],
          filter: [
            "Active",
            "Inactive"
          ]
        },
        driver_statement: {
          Close: "edit becomes View",
          Closed: "delete disabled"
        },
        short_payment_not_highlighted: [
          "Complete",
          "Inactive customer",
          "Processed by customer"
        ],
        short_payment_age_bands_days: [
          {
            from: 30,
            to: 60
          },
          {
            over: 60
          }
        ],
        work_order_default_filter_excludes_status_ids: [
          9,
          11
        ],
        removed_after_save_status: "Canceled",
        removed_after_save_applies_to: [
          "work orders",
          "fuel",
          "potential clients",
          "clients"
        ],
        status_colour_map_ids: [
          1,
          2,
          3,
          4,
          5,
          6,
          7,
          8,
          9,
          10,
          11
        ],
        status_colour_map_notes: "Colour maps exist for status ids 1-11; colours not shown.",
        frozen: {
          "1": {
            label: "frozen",
            colour: "red"
          },
          "2": {
            label: "Daptor",
            colour: "orange (customer colour)"
          }
        },
        trip_file_note_highlighted_statuses: [
          "new",
          "edit"
        ],
        safety_exception: "open when status is truthy, closed otherwise",
        driver_action_deleted_status: 0,
        accounting_service_new_defaults: {
          status: 1,
          name: "Name"
        },
        ppw_flag_after_file_created: 1
      },
      check_in_status: {
        check_in: 1,
        check_out: 2
      },
      bonus_charge: {
        types: [
          "Deduction",
          "Credit",
          "Bonus",
          "Charge",
          "Salary"
        ],
        colours: {
          Bonus: "green",
          Salary: "green",
          Credit: "green",
          Charge: "red",
          Deduction: "red"
        },
        table_line_category: [
          "credit",
          "deduction"
        ],
        table_line_type: [
          "bonus",
          "salary",
          "charge"
        ]
      },
      service_types: [
        "alignment",
        "inspection",
        "pm",
        "towing"
      ],
      trip_sections: [
        "trips",
        "fuel",
        "schedulePayments",
        "additionalPayments"
      ],
      schedules: {
        employee_work_schedule: {
          weeks: 4,
          days_per_week: 7
        },
        calendar_chunk_days: 7,
        planner_hour_wrap: {
          from: 19,
          to: 7
        },
        salary_month_additional_label: {
          label: "Additional {year}",
          sorts_as_month: 13,
          list_order: "newest first"
        }
      },
      customer_filter_all_option: {
        label: "All",
        id: 0
      },
      validation: {
        number_filter: "OK disabled when empty; Between needs both values; From must not exceed To",
        date_fields: "some allow only Mondays and/or dates on or before today; single pick used for both ends of a range",
        required_marker: true
      },
      not_shown: [
        "fees",
        "rates",
        "role names",
        "invoice statuses",
        "dispatcher and shop approval rules"
      ]
    };
  }
});

// ../shared/src/spec/constants.ts
var SPEC, ACTION, EXTRA_ACTION, SECTION, PAGE_SIZE_ALL, TABLE_DEFAULT_PAGE_SIZE, LIST_DEFAULT_PAGE_SIZE, ALERT_DURATION_MS, FILTER_DEBOUNCE_MS, NOTE_FILTER_DEBOUNCE_MS, COMPANY_TIME_ZONE;
var init_constants2 = __esm({
  "../shared/src/spec/constants.ts"() {
    "use strict";
    init_constants();
    SPEC = constants_default;
    ACTION = {
      CREATE: 8,
      EDIT: 9,
      VIEW: 10,
      DELETE: 11,
      VIEW_DOC: 13,
      DOWNLOAD_DOC: 14,
      SEND: 15,
      PAID: 16,
      CREATE_EDIT_TRIP: 19,
      ADD_NEW_BROKER: 21,
      DELETE_LOAD: 22,
      FILE_UPLOAD: 23,
      FILE_VIEW: 24,
      FILE_DOWNLOAD: 25,
      FILE_DELETE: 26,
      CHANGE_BINDING: 28,
      GENERATED_BY: 38,
      DELETE_TRIP: 40,
      BILLING_CREATE: 45,
      BILLING_VIEW: 51,
      TOTAL_VALUE: 65,
      INVOICING: 66,
      EXPORT: 72,
      OPEN_INVOICE: 117
    };
    EXTRA_ACTION = {
      VIEW_ALL_TRIPS: 1001
    };
    SECTION = {
      Maintenance: 1,
      General: 2,
      Trucks: 3,
      Trailers: 4,
      Drivers: 5,
      Customers: 6,
      Employees: 7,
      Trips: 18,
      Dashboard: 27,
      Settings: 32,
      Users: 33,
      Cities: 35,
      Brokers: 36,
      Roles: 37,
      Accounting: 42,
      Reports: 48,
      DispatchersStatements: 50,
      Profile: 52,
      Dispatch: 53,
      Safety: 54,
      Logbooks: 55,
      Statistics: 56,
      Billing: 57,
      DispatchStatistics: 58,
      FactoringCompanies: 59,
      Schedules: 60,
      ShortPayments: 61,
      CustomerNotPaidInvoices: 62,
      Shop: 63,
      WorkOrders: 64,
      WorkOrdersStatistics: 67,
      Analytics: 68,
      Planner: 69,
      Downtime: 70,
      TrucksOnTheRoad: 71,
      MotivationProgramme: 73,
      Mail: 74,
      MapKeys: 75,
      TrailerTypes: 76,
      ScheduledPayments: 79,
      Account: 89,
      LostPayments: 119,
      InvoiceGenerator: 121
    };
    PAGE_SIZE_ALL = constants_default.pagination.all_value;
    TABLE_DEFAULT_PAGE_SIZE = constants_default.pagination.table_default_page_size;
    LIST_DEFAULT_PAGE_SIZE = constants_default.pagination.default_list_page_size;
    ALERT_DURATION_MS = constants_default.timing_ms.alert_duration;
    FILTER_DEBOUNCE_MS = constants_default.timing_ms.filter_debounce;
    NOTE_FILTER_DEBOUNCE_MS = constants_default.timing_ms.note_filter_debounce;
    COMPANY_TIME_ZONE = constants_default.time_zone;
  }
});

// ../shared/src/spec/messages.ts
var MSG, APP_MSG;
var init_messages = __esm({
  "../shared/src/spec/messages.ts"() {
    "use strict";
    MSG = {
      notAuthorized: "You are not authorized",
      whoops: "Whoops, something went wrong! \u{1F641}",
      invalidFileName: "Invalid characters in file name: @ # % & !",
      numberFromGreaterThanTo: 'The "From" value must not be greater than the "To" value.',
      invoicesNotSent: "Invoices not sent",
      invoicesSent: "Invoices sent successfully",
      openInvoiceError: "\u26A0\uFE0F Error: Failed to open the invoice. Please check the file and try again.",
      openInvoiceSuccess: "\u2714\uFE0F Success: The invoice has been opened successfully. \u{1F609}",
      openInvoiceWarning: "Warning: Opening this invoice may expose sensitive financial data. Verify the sender, check for malware, and confirm details before proceeding. \u{1F6A8}",
      ppwSent: "Sended Successfully",
      feedbackThanks: "Thanks a lot for your feedback",
      deletionError: "Deletion error",
      removalSuccess: "The removal was successful",
      recordDeleted: "The record has been successfully deleted.",
      removeError: "Remove error",
      serverError: "Server Error",
      somethingWrong: "Something went wrong!",
      savingSuccess: "Saving Successfully",
      savingError: "Saving error",
      messageSent: "Message has been sent successfully.",
      dataUpdated: "Data successfully updated",
      copied: "Copied!",
      createdSelectItem: "Created select item",
      editSelectItem: "Edit select item",
      createdEquipment: "Created equipment item",
      updatedEquipment: "Updated equipment item",
      removeEquipment: "Remove equipment item",
      createdNotes: "Created notes item",
      updatedNotes: "Updated notes item",
      removeNotes: "Remove notes item",
      createdValue: "Created value item",
      updatedValue: "Updated value item",
      itemRemoved: "Item removed successfully",
      /** Role (permission) calls fail (000 §8). */
      roleCallFailed: "Something went wrong"
    };
    APP_MSG = {
      wrongCredentials: "These credentials do not match our records.",
      tooManyAttempts: (minutes) => `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      forbidden: "You do not have permission to do this.",
      notFound: "The record was not found.",
      resetSent: "If an account exists for that address, we have sent a link to reset the password.",
      tooManyResets: (minutes) => `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      resetInvalid: "This password reset link is invalid or has expired.",
      passwordChanged: "Your password has been changed. Sign in with the new password.",
      loggedOut: "Logged out",
      validationFailed: "The given data was invalid.",
      /** A cookie-authenticated write without the web app's header or from another origin (CSRF). */
      crossSiteRefused: "This request did not come from the application. Reload the page and try again."
    };
  }
});

// ../shared/src/list/list.contract.ts
import { z as z4 } from "zod";
var FILTER_KINDS, ADDRESS_TYPE, FOOTERS, ORDERS, TOTALS_TOOLTIP_MIN, FILTER_MENU_WIDTHS, LIST_ROW_CAP, listCapNotice, isoDate, scalar, ListFilterSchema, AddressFilterSchema, finite, NumberFilterSchema, DateFilterSchema, NoteFilterSchema, OptionsFilterSchema, CheckboxFilterSchema, FILTER_SCHEMAS, ListRequestSchema, FilterOptionSchema, ColumnSettingSchema, ListSettingsSchema, SaveSettingsBodySchema, SaveSettingsResponseSchema, COLUMN_FORMATS, ColumnMetaSchema, ExportBodySchema, ExportResponseSchema;
var init_list_contract = __esm({
  "../shared/src/list/list.contract.ts"() {
    "use strict";
    init_dates();
    init_constants2();
    init_messages();
    FILTER_KINDS = ["list", "address", "number", "date", "note", "options", "checkbox", "text"];
    ADDRESS_TYPE = { PickUp: 1, Delivery: 2 };
    FOOTERS = ["sum", "count", "unique"];
    ORDERS = ["asc", "desc"];
    TOTALS_TOOLTIP_MIN = SPEC.formats.totals_tooltip_min_abs_total;
    FILTER_MENU_WIDTHS = SPEC.filters.filter_menu_widths_px;
    LIST_ROW_CAP = 5e4;
    listCapNotice = (total) => `Showing the first ${LIST_ROW_CAP.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows. Narrow the filters, or use Export for every row.`;
    isoDate = dateSchema();
    scalar = z4.union([z4.string().max(200), z4.number()]);
    ListFilterSchema = z4.object({ values: z4.array(scalar).max(1e3, "Choose at most 1000 values.") });
    AddressFilterSchema = z4.object({
      type: z4.union([z4.literal(ADDRESS_TYPE.PickUp), z4.literal(ADDRESS_TYPE.Delivery)]),
      states: z4.array(z4.string().max(60)).max(100).default([]),
      cities: z4.array(z4.string().max(120)).max(500).default([])
    }).refine((v) => v.states.length + v.cities.length > 0, "Choose a state or a city.");
    finite = z4.number({ message: "Enter a number." }).finite("Enter a number.");
    NumberFilterSchema = z4.discriminatedUnion(
      "op",
      [
        z4.object({ op: z4.literal("lte"), value: finite }),
        z4.object({ op: z4.literal("gte"), value: finite }),
        z4.object({ op: z4.literal("eq"), value: finite }),
        z4.object({ op: z4.literal("between"), from: finite, to: finite }).refine((v) => v.from <= v.to, { message: MSG.numberFromGreaterThanTo, path: ["from"] })
      ],
      { message: "Choose less-or-equal, greater-or-equal, between or exact." }
    );
    DateFilterSchema = z4.object({ from: isoDate.optional(), to: isoDate.optional(), empty: z4.boolean().optional() }).refine((v) => v.empty || v.from || v.to, "Choose a date or Empty.").refine((v) => !v.from || !v.to || v.from <= v.to, {
      message: "The start date is after the end date.",
      path: ["to"]
    });
    NoteFilterSchema = z4.object({ value: z4.string().trim().min(1, "Enter some text.").max(200) });
    OptionsFilterSchema = z4.object({
      value: z4.union([z4.literal(1), z4.literal(-1), z4.literal(0)], { message: "Choose On, All or Off." })
    });
    CheckboxFilterSchema = z4.object({ value: z4.boolean({ message: "Choose yes or no." }) });
    FILTER_SCHEMAS = {
      list: ListFilterSchema,
      address: AddressFilterSchema,
      number: NumberFilterSchema,
      date: DateFilterSchema,
      note: NoteFilterSchema,
      options: OptionsFilterSchema,
      checkbox: CheckboxFilterSchema,
      text: NoteFilterSchema
    };
    ListRequestSchema = z4.object({
      filters: z4.record(z4.string().max(64), z4.unknown()).default({}),
      search: z4.string().max(200).default(""),
      sort: z4.string().max(64).nullable().optional(),
      order: z4.enum(ORDERS, { message: "The order is asc or desc." }).nullable().optional(),
      limit: z4.coerce.number().int("The page size is a whole number.").min(1, "The page size is at least 1.").max(PAGE_SIZE_ALL, `The page size is at most ${PAGE_SIZE_ALL}.`).default(TABLE_DEFAULT_PAGE_SIZE),
      page: z4.coerce.number().int().min(1, "The page is at least 1.").max(1e7).default(1),
      /** Answer the options of list filters (the web asks once, then keeps them). */
      with_options: z4.boolean().default(true)
    });
    FilterOptionSchema = z4.object({ value: z4.union([z4.string(), z4.number()]), label: z4.string() });
    ColumnSettingSchema = z4.object({
      id: z4.string().min(1).max(64),
      visible: z4.boolean(),
      width: z4.number().int().min(40).max(2e3).nullable().optional()
    });
    ListSettingsSchema = z4.object({ columns: z4.array(ColumnSettingSchema).max(200) });
    SaveSettingsBodySchema = z4.union([
      z4.object({ settings: ListSettingsSchema }),
      z4.object({ reset: z4.literal(true) })
    ]);
    SaveSettingsResponseSchema = z4.object({ message: z4.string(), settings: ListSettingsSchema.nullable() });
    COLUMN_FORMATS = [
      "text",
      "id",
      "number",
      "money",
      "miles",
      "percent",
      "date",
      "datetime",
      "phone"
    ];
    ColumnMetaSchema = z4.object({
      id: z4.string(),
      title: z4.string(),
      filter: z4.enum(FILTER_KINDS).nullable(),
      sortable: z4.boolean(),
      footer: z4.enum(FOOTERS).nullable(),
      dollar: z4.boolean(),
      miles: z4.boolean(),
      hidden: z4.boolean(),
      clip: z4.number().int().nullable(),
      align: z4.enum(["left", "center", "right"]),
      format: z4.enum(COLUMN_FORMATS)
    });
    ExportBodySchema = ListRequestSchema.omit({ limit: true, page: true, with_options: true }).extend({
      columns: z4.array(z4.string().max(64)).max(200).optional(),
      format: z4.enum(["xlsx", "csv"]).default("xlsx")
    });
    ExportResponseSchema = z4.object({ link: z4.string().nullable(), job_id: z4.string().optional() });
  }
});

// ../shared/src/money.ts
function toDollars(cents2) {
  if (cents2 === null || cents2 === void 0) return 0;
  return Number(cents2) / 100;
}
var init_money = __esm({
  "../shared/src/money.ts"() {
    "use strict";
  }
});

// ../shared/src/permissions/catalogue.ts
function flattenCatalogue(sections = PERMISSION_CATALOGUE, parentId = null) {
  return sections.flatMap((s) => [{ ...s, parentId }, ...flattenCatalogue(s.children ?? [], s.id)]);
}
var CRUD, CRUDX, FILES, ACTION_NAMES, ACCOUNT_SUBSECTIONS, PERMISSION_CATALOGUE, SECTION_BY_ID;
var init_catalogue = __esm({
  "../shared/src/permissions/catalogue.ts"() {
    "use strict";
    init_constants2();
    CRUD = [ACTION.CREATE, ACTION.EDIT, ACTION.VIEW, ACTION.DELETE];
    CRUDX = [...CRUD, ACTION.EXPORT];
    FILES = [ACTION.FILE_UPLOAD, ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD, ACTION.FILE_DELETE];
    ACTION_NAMES = {
      [ACTION.CREATE]: "Create",
      [ACTION.EDIT]: "Edit",
      [ACTION.VIEW]: "View",
      [ACTION.DELETE]: "Delete",
      [ACTION.VIEW_DOC]: "View document",
      [ACTION.DOWNLOAD_DOC]: "Download document",
      [ACTION.SEND]: "Send",
      [ACTION.PAID]: "Paid",
      [ACTION.CREATE_EDIT_TRIP]: "Create and edit trip",
      [ACTION.ADD_NEW_BROKER]: "Add new broker",
      [ACTION.DELETE_LOAD]: "Delete load",
      [ACTION.FILE_UPLOAD]: "File upload",
      [ACTION.FILE_VIEW]: "File view",
      [ACTION.FILE_DOWNLOAD]: "File download",
      [ACTION.FILE_DELETE]: "File delete",
      [ACTION.CHANGE_BINDING]: "Change binding",
      [ACTION.GENERATED_BY]: "Generated by",
      [ACTION.DELETE_TRIP]: "Delete trip",
      [ACTION.BILLING_CREATE]: "Billing create",
      [ACTION.BILLING_VIEW]: "Billing view",
      [ACTION.TOTAL_VALUE]: "Total value",
      [ACTION.INVOICING]: "Invoicing",
      [ACTION.EXPORT]: "Export",
      [ACTION.OPEN_INVOICE]: "Open invoice",
      [EXTRA_ACTION.VIEW_ALL_TRIPS]: "View every dispatcher's trips"
    };
    ACCOUNT_SUBSECTIONS = [
      { id: 91, name: "Account users", actions: CRUD },
      { id: 92, name: "Comments", actions: CRUD },
      { id: 93, name: "Vacation", actions: CRUD },
      { id: 94, name: "Bonus-charge", actions: CRUD },
      { id: 95, name: "Salary history", actions: [ACTION.VIEW] },
      { id: 96, name: "Statements", actions: [ACTION.VIEW] },
      { id: 97, name: "My information", actions: [ACTION.EDIT, ACTION.VIEW] },
      { id: 98, name: "Events", actions: CRUD },
      { id: 99, name: "Geo list", actions: [ACTION.VIEW] },
      { id: 101, name: "Check-in", actions: [ACTION.CREATE, ACTION.VIEW] },
      { id: 103, name: "Notes", actions: CRUD },
      { id: 104, name: "Pay history", actions: [ACTION.VIEW] },
      { id: 105, name: "User logs", actions: [ACTION.VIEW] },
      { id: 106, name: "Calendar", actions: [ACTION.VIEW] },
      { id: 118, name: "Password change", actions: [ACTION.EDIT] }
    ];
    PERMISSION_CATALOGUE = [
      { id: SECTION.Profile, name: "Profile", actions: [ACTION.VIEW, ACTION.EDIT] },
      { id: SECTION.Account, name: "Account", actions: [ACTION.VIEW], children: ACCOUNT_SUBSECTIONS },
      {
        id: SECTION.Dispatch,
        name: "Dispatch",
        actions: [],
        children: [
          {
            id: SECTION.Trips,
            name: "Trips",
            actions: [...CRUDX, ACTION.CREATE_EDIT_TRIP, ACTION.ADD_NEW_BROKER, ACTION.DELETE_LOAD, ACTION.DELETE_TRIP, ...FILES, ACTION.SEND]
          },
          { id: SECTION.Dashboard, name: "Dashboard", actions: [ACTION.VIEW] }
        ]
      },
      {
        id: SECTION.Safety,
        name: "Safety",
        actions: [],
        children: [
          { id: SECTION.Logbooks, name: "Logbooks", actions: CRUD },
          { id: SECTION.Reports, name: "Reports", actions: [...CRUDX, ACTION.SEND] }
        ]
      },
      {
        id: SECTION.Statistics,
        name: "Statistics",
        actions: [ACTION.VIEW],
        children: [
          { id: SECTION.DispatchStatistics, name: "Dispatch statistics", actions: [ACTION.VIEW, ACTION.EXPORT] },
          { id: SECTION.Analytics, name: "Analytics", actions: [ACTION.VIEW] }
        ]
      },
      {
        id: SECTION.Accounting,
        name: "Accounting",
        actions: [ACTION.VIEW],
        children: [
          {
            id: SECTION.CustomerNotPaidInvoices,
            name: "Customer not paid invoices",
            actions: [
              ...CRUDX,
              ACTION.VIEW_DOC,
              ACTION.DOWNLOAD_DOC,
              ACTION.SEND,
              ACTION.PAID,
              ACTION.GENERATED_BY,
              ACTION.TOTAL_VALUE,
              ACTION.INVOICING,
              ACTION.OPEN_INVOICE
            ]
          },
          { id: SECTION.InvoiceGenerator, name: "Invoice generator", actions: [ACTION.CREATE, ACTION.VIEW] },
          { id: SECTION.Billing, name: "Billing", actions: [ACTION.BILLING_CREATE, ACTION.BILLING_VIEW, ACTION.DELETE, ACTION.EXPORT] },
          { id: SECTION.DispatchersStatements, name: "Dispatchers statements", actions: CRUDX },
          { id: SECTION.Schedules, name: "Schedules", actions: [...CRUDX, ACTION.SEND] },
          { id: SECTION.ShortPayments, name: "Short payments", actions: CRUDX },
          { id: SECTION.ScheduledPayments, name: "Scheduled payments", actions: CRUD },
          { id: SECTION.LostPayments, name: "Lost payments", actions: [ACTION.VIEW, ACTION.DELETE, ACTION.EXPORT] }
        ]
      },
      {
        id: SECTION.Shop,
        name: "Shop",
        actions: [ACTION.VIEW],
        children: [
          { id: SECTION.WorkOrders, name: "Work orders", actions: CRUDX },
          { id: SECTION.WorkOrdersStatistics, name: "Work orders statistics", actions: [ACTION.VIEW] },
          { id: SECTION.Planner, name: "Planner", actions: CRUD },
          { id: SECTION.Downtime, name: "Downtime", actions: CRUD },
          { id: SECTION.TrucksOnTheRoad, name: "Trucks on the road", actions: [...CRUDX, ACTION.SEND] }
        ]
      },
      {
        id: SECTION.Maintenance,
        name: "Maintenance",
        actions: [],
        children: [
          { id: SECTION.General, name: "General", actions: CRUD },
          { id: SECTION.Trucks, name: "Trucks", actions: [...CRUDX, ACTION.CHANGE_BINDING] },
          { id: SECTION.Trailers, name: "Trailers", actions: [...CRUDX, ACTION.CHANGE_BINDING] },
          { id: SECTION.Drivers, name: "Drivers", actions: [...CRUDX, ...FILES] },
          { id: SECTION.Customers, name: "Customers", actions: [...CRUDX, ...FILES] },
          { id: SECTION.Employees, name: "Employees", actions: [...CRUDX, ...FILES] },
          { id: SECTION.FactoringCompanies, name: "Factoring companies", actions: CRUDX },
          { id: SECTION.Cities, name: "Cities", actions: CRUDX },
          { id: SECTION.Brokers, name: "Brokers", actions: CRUDX },
          { id: SECTION.Users, name: "Users", actions: CRUDX },
          { id: SECTION.Roles, name: "Roles", actions: CRUD },
          { id: SECTION.TrailerTypes, name: "Trailer types", actions: CRUD }
        ]
      },
      {
        id: SECTION.Settings,
        name: "Settings",
        actions: [ACTION.VIEW, ACTION.EDIT],
        children: [
          { id: SECTION.Mail, name: "Mail", actions: [ACTION.VIEW, ACTION.SEND] },
          { id: SECTION.MapKeys, name: "Map keys", actions: [ACTION.VIEW, ACTION.EDIT] },
          { id: SECTION.MotivationProgramme, name: "Motivation programme", actions: [ACTION.VIEW, ACTION.EDIT] }
        ]
      }
    ];
    SECTION_BY_ID = new Map(
      flattenCatalogue().map((s) => [s.id, s])
    );
  }
});

// ../shared/src/permissions/grants.ts
import { z as z5 } from "zod";
function makeGrantSet(grants, all = false) {
  return { all, keys: new Set(grants.map((g) => grantKey(g.section, g.action))) };
}
function can(grants, req) {
  if (grants.all) return true;
  if (!grants.keys.has(grantKey(req.section))) return false;
  if (req.action === void 0) return true;
  const actions = typeof req.action === "number" ? [req.action] : req.action;
  const has = (a) => grants.keys.has(grantKey(req.section, a));
  return req.match === "all" ? actions.every(has) : actions.some(has);
}
function buildPermissionTree(grants, sections = PERMISSION_CATALOGUE) {
  return sections.map((s) => ({
    name: s.name,
    id: s.id,
    selected: grants.all || grants.keys.has(grantKey(s.id)),
    children: [
      ...s.actions.map((a) => ({
        name: ACTION_NAMES[a] ?? `Action ${a}`,
        id: a,
        selected: grants.all || grants.keys.has(grantKey(s.id, a)),
        children: []
      })),
      ...buildPermissionTree(grants, s.children ?? [])
    ]
  }));
}
function grantsFromTree(nodes, parentSection = null) {
  const out = [];
  for (const n of nodes) {
    const section2 = SECTION_BY_ID.get(n.id);
    if (section2 && section2.parentId === parentSection) {
      if (n.selected) out.push({ section: n.id, action: SECTION_ITSELF });
      out.push(...grantsFromTree(n.children, n.id));
    } else if (parentSection !== null && n.selected) {
      out.push({ section: parentSection, action: n.id });
    } else if (n.selected) {
      out.push({ section: n.id, action: SECTION_ITSELF });
    }
  }
  return out;
}
function invalidGrants(grants) {
  return grants.filter((g) => {
    const s = SECTION_BY_ID.get(g.section);
    return !s || g.action !== SECTION_ITSELF && !s.actions.includes(g.action);
  });
}
function withAncestors(grants) {
  const out = new Map(grants.map((g) => [grantKey(g.section, g.action), g]));
  for (const g of grants) {
    for (let id = g.section; id !== null; id = SECTION_BY_ID.get(id)?.parentId ?? null) {
      out.set(grantKey(id), { section: id, action: SECTION_ITSELF });
    }
  }
  return [...out.values()];
}
var SECTION_ITSELF, grantKey, PermissionNodeSchema;
var init_grants = __esm({
  "../shared/src/permissions/grants.ts"() {
    "use strict";
    init_catalogue();
    SECTION_ITSELF = 0;
    grantKey = (section2, action = SECTION_ITSELF) => `${section2}:${action}`;
    PermissionNodeSchema = z5.lazy(
      () => z5.object({
        name: z5.string(),
        id: z5.number().int(),
        selected: z5.boolean(),
        children: z5.array(PermissionNodeSchema)
      })
    );
  }
});

// ../shared/src/index.ts
var init_src = __esm({
  "../shared/src/index.ts"() {
    "use strict";
    init_errors();
    init_web_session();
    init_list_contract();
    init_money();
    init_catalogue();
    init_grants();
    init_constants2();
    init_messages();
  }
});

// ../shared/src/modules/billing/billing.contract.ts
import { z as z6 } from "zod";
var BILLING_LABELS, BillingRowSchema, BillingCreateBodySchema, BillingSavedSchema, LoadFileSchema, BillingFilesResponseSchema;
var init_billing_contract = __esm({
  "../shared/src/modules/billing/billing.contract.ts"() {
    "use strict";
    BILLING_LABELS = {
      invoiceExists: "Exist",
      invoiceMissing: "Not exist",
      ppwExists: "PPW exist",
      ppwMissing: "PPW not exist"
    };
    BillingRowSchema = z6.object({
      load_id: z6.number().int(),
      trip_id: z6.number().int(),
      billing_id: z6.number().int().nullable(),
      customer: z6.string().nullable(),
      broker_name: z6.string().nullable(),
      broker_number: z6.string().nullable(),
      delivery_datetime: z6.string().nullable(),
      gross: z6.number(),
      billing: z6.string(),
      billing_date: z6.string().nullable(),
      billed_by: z6.string().nullable(),
      invoice: z6.string(),
      customer_invoice_id: z6.number().int().nullable(),
      ppw_url: z6.string()
    });
    BillingCreateBodySchema = z6.object({
      load_id: z6.coerce.number({ message: "Choose a load." }).int().positive("Choose a load.")
    });
    BillingSavedSchema = z6.object({
      message: z6.string(),
      billing: z6.object({ id: z6.number().int(), load_id: z6.number().int(), created_at: z6.string() })
    });
    LoadFileSchema = z6.object({
      id: z6.number().int(),
      load_id: z6.number().int().nullable(),
      category: z6.string().nullable(),
      name: z6.string(),
      mime: z6.string(),
      url: z6.string(),
      created_at: z6.string()
    });
    BillingFilesResponseSchema = z6.object({ load_files: z6.array(LoadFileSchema) });
  }
});

// src/platform/errors.ts
var AppError;
var init_errors2 = __esm({
  "src/platform/errors.ts"() {
    "use strict";
    AppError = class _AppError extends Error {
      kind;
      fields;
      retryAfterSeconds;
      constructor(kind, message, opts = {}) {
        super(message);
        this.name = "AppError";
        this.kind = kind;
        this.fields = opts.fields;
        this.retryAfterSeconds = opts.retryAfterSeconds;
      }
      static unauthorized(message = "You are not authorized") {
        return new _AppError("unauthorized", message);
      }
      static forbidden(message = "You do not have permission to do this.") {
        return new _AppError("forbidden", message);
      }
      static notFound(message = "The record was not found.") {
        return new _AppError("not_found", message);
      }
      /** 412: a rule of the business refuses the request; the web alerts the message. */
      static precondition(message) {
        return new _AppError("precondition", message);
      }
      static validation(fields, message = "The given data was invalid.") {
        return new _AppError("validation", message, { fields });
      }
      /** One field's message: the common case of a rule checked in a service. */
      static invalidField(field2, message) {
        return _AppError.validation({ [field2]: [message] });
      }
      static conflict(message) {
        return new _AppError("conflict", message);
      }
      static tooMany(message, retryAfterSeconds) {
        return new _AppError("too_many", message, { retryAfterSeconds });
      }
    };
  }
});

// src/platform/companies/companies.table.ts
import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
var companies, appVersions, feedback;
var init_companies_table = __esm({
  "src/platform/companies/companies.table.ts"() {
    "use strict";
    companies = pgTable("companies", {
      id: serial().primaryKey(),
      name: text().notNull(),
      timeZone: text().notNull().default("America/Chicago"),
      createdAt: timestamp({ withTimezone: true }).notNull().defaultNow()
    });
    appVersions = pgTable("app_versions", {
      id: serial().primaryKey(),
      version: text().notNull(),
      versionShow: boolean().notNull().default(true),
      description: text().notNull().default(""),
      createdAt: timestamp({ withTimezone: true }).notNull().defaultNow()
    });
    feedback = pgTable("feedback", {
      id: serial().primaryKey(),
      companyId: integer().notNull(),
      userId: integer().notNull(),
      message: text().notNull(),
      page: text(),
      createdAt: timestamp({ withTimezone: true }).notNull().defaultNow()
    });
  }
});

// src/platform/auth/auth.table.ts
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean as boolean2,
  index,
  integer as integer2,
  pgTable as pgTable2,
  primaryKey,
  serial as serial2,
  smallint,
  text as text2,
  timestamp as timestamp2,
  uniqueIndex
} from "drizzle-orm/pg-core";
function referenceCustomers(column) {
  customerIdColumn = column;
}
function customerId() {
  if (!customerIdColumn) throw new Error("users.customer_id: the customers module has not named its table");
  return customerIdColumn();
}
var customerIdColumn, departments, roles, rolePermissions, users, sessions, passwordResets, loginAttempts;
var init_auth_table = __esm({
  "src/platform/auth/auth.table.ts"() {
    "use strict";
    init_companies_table();
    customerIdColumn = null;
    departments = pgTable2("departments", {
      id: serial2().primaryKey(),
      companyId: integer2().notNull().references(() => companies.id),
      name: text2().notNull()
    });
    roles = pgTable2("roles", {
      id: serial2().primaryKey(),
      companyId: integer2().notNull().references(() => companies.id),
      name: text2().notNull(),
      allPermissions: boolean2().notNull().default(false),
      customerId: integer2().references(customerId, { onDelete: "set null" }),
      createdAt: timestamp2({ withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp2({ withTimezone: true }).notNull().defaultNow()
    });
    rolePermissions = pgTable2(
      "role_permissions",
      {
        roleId: integer2().notNull().references(() => roles.id, { onDelete: "cascade" }),
        sectionId: integer2().notNull(),
        actionId: integer2().notNull()
      },
      (t) => [primaryKey({ columns: [t.roleId, t.sectionId, t.actionId] })]
    );
    users = pgTable2(
      "users",
      {
        id: serial2().primaryKey(),
        companyId: integer2().notNull().references(() => companies.id),
        email: text2().notNull(),
        name: text2().notNull(),
        passwordHash: text2().notNull(),
        /** Role number 0-4 (see ROLE_NUMBER_NAMES); drives menu visibility and badges. */
        role: smallint().notNull().default(4),
        permissionRoleId: integer2().references(() => roles.id, { onDelete: "set null" }),
        departmentId: integer2().references(() => departments.id, { onDelete: "set null" }),
        /** Set for customer users: they see only this customer's data. */
        customerId: integer2().references(customerId, { onDelete: "set null" }),
        image: text2(),
        active: boolean2().notNull().default(true),
        createdAt: timestamp2({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp2({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`)]
    );
    sessions = pgTable2(
      "sessions",
      {
        id: bigserial({ mode: "number" }).primaryKey(),
        userId: integer2().notNull().references(() => users.id, { onDelete: "cascade" }),
        /** sha256 of the opaque token; the token itself is never stored. */
        tokenHash: text2().notNull(),
        createdAt: timestamp2({ withTimezone: true }).notNull().defaultNow(),
        expiresAt: timestamp2({ withTimezone: true }).notNull(),
        revokedAt: timestamp2({ withTimezone: true }),
        ip: text2(),
        userAgent: text2()
      },
      (t) => [uniqueIndex("sessions_token_hash_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)]
    );
    passwordResets = pgTable2(
      "password_resets",
      {
        id: serial2().primaryKey(),
        userId: integer2().notNull().references(() => users.id, { onDelete: "cascade" }),
        tokenHash: text2().notNull(),
        expiresAt: timestamp2({ withTimezone: true }).notNull(),
        usedAt: timestamp2({ withTimezone: true }),
        createdAt: timestamp2({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [uniqueIndex("password_resets_token_hash_uq").on(t.tokenHash)]
    );
    loginAttempts = pgTable2("login_attempts", {
      key: text2().primaryKey(),
      failures: integer2().notNull().default(0),
      firstFailureAt: timestamp2({ withTimezone: true }).notNull().defaultNow(),
      lockedUntil: timestamp2({ withTimezone: true })
    });
  }
});

// src/platform/auth/tokens.ts
import { createHash, randomBytes } from "node:crypto";
function newToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}
var hashToken;
var init_tokens = __esm({
  "src/platform/auth/tokens.ts"() {
    "use strict";
    hashToken = (token) => createHash("sha256").update(token).digest("hex");
  }
});

// src/platform/auth/session.repository.ts
import { and, eq, gt, isNull, sql as sql2 } from "drizzle-orm";
async function findSession(db, token) {
  const [row] = await db.select({
    sessionId: sessions.id,
    expiresAt: sessions.expiresAt,
    user: {
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      name: users.name,
      role: users.role,
      permissionRoleId: users.permissionRoleId,
      departmentId: users.departmentId,
      customerId: users.customerId,
      image: users.image
    },
    allPermissions: sql2`coalesce(${roles.allPermissions}, false)`
  }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).leftJoin(roles, eq(roles.id, users.permissionRoleId)).where(
    and(
      eq(sessions.tokenHash, hashToken(token)),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql2`now()`),
      eq(users.active, true)
    )
  ).limit(1);
  if (!row) return null;
  const grants = makeGrantSet(await loadGrants(db, row.user.permissionRoleId), row.allPermissions);
  return {
    user: { ...row.user, grants },
    sessionId: row.sessionId,
    expiresAt: new Date(row.expiresAt),
    grants
  };
}
async function loadGrants(db, roleId) {
  if (roleId === null) return [];
  return db.select({ section: rolePermissions.sectionId, action: rolePermissions.actionId }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
}
var init_session_repository = __esm({
  "src/platform/auth/session.repository.ts"() {
    "use strict";
    init_src();
    init_auth_table();
    init_tokens();
  }
});

// src/platform/auth/guard.ts
function credentialOf(req) {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) {
    const token = header.slice(7).trim();
    return token ? { token, from: "header" } : null;
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, from: "cookie" } : null;
}
function isCrossSiteWrite(req, allowedOrigins) {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.headers[WEB_CLIENT_HEADER] !== WEB_CLIENT_VALUE) return true;
  const origin = req.headers.origin;
  if (origin === void 0) return false;
  if (allowedOrigins.includes(origin)) return false;
  try {
    const from = new URL(origin);
    return from.host !== new URL(`${from.protocol}//${req.headers.host}`).host;
  } catch {
    return true;
  }
}
function allows(auth, access2) {
  if (access2 === "public" || access2 === "session") return true;
  if ("anyOf" in access2) return access2.anyOf.some((r) => can(auth.grants, r));
  return can(auth.grants, access2);
}
function registerGuard(app2, opts) {
  app2.decorateRequest("auth", null);
  app2.decorateRequest("signedLink", null);
  app2.addHook("onRequest", async (req) => {
    if (req.routeOptions.url === void 0) return;
    const { access: access2, signedLinks } = req.routeOptions.config ?? {};
    if (!access2) throw new AppError("internal", `Route ${req.method} ${req.routeOptions.url} declares no access`);
    const credential = credentialOf(req);
    if (credential?.from === "cookie" && isCrossSiteWrite(req, opts.allowedOrigins)) {
      if (access2 === "public") return;
      throw AppError.forbidden(APP_MSG.crossSiteRefused);
    }
    req.auth = credential ? await findSession(opts.db, credential.token) : null;
    if (access2 === "public") return;
    if (!req.auth && signedLinks && SAFE_METHODS.has(req.method)) {
      req.signedLink = await opts.links.verify(req.url);
      if (req.signedLink) return;
    }
    if (!req.auth) throw AppError.unauthorized();
    if (!allows(req.auth, access2)) throw AppError.forbidden();
  });
}
function caller(req) {
  if (!req.auth) throw AppError.unauthorized();
  return req.auth;
}
var SAFE_METHODS;
var init_guard = __esm({
  "src/platform/auth/guard.ts"() {
    "use strict";
    init_src();
    init_errors2();
    init_session_repository();
    SAFE_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
  }
});

// src/platform/list/define-list.ts
function defineList(def) {
  const ids2 = /* @__PURE__ */ new Set();
  for (const c of def.columns) {
    if (ids2.has(c.id)) throw new Error(`List ${def.key}: column ${c.id} is declared twice`);
    ids2.add(c.id);
    if (c.filter === "address" && !c.address) throw new Error(`List ${def.key}: column ${c.id} needs address SQL`);
    for (const j of c.joins ?? []) {
      if (!def.joins?.[j]) throw new Error(`List ${def.key}: column ${c.id} needs unknown join ${j}`);
    }
  }
  if (!ids2.has(def.defaultSort.sort)) throw new Error(`List ${def.key}: default sort ${def.defaultSort.sort} unknown`);
  const existing = REGISTRY.get(def.key);
  if (existing && existing !== def) throw new Error(`List ${def.key} is defined twice`);
  REGISTRY.set(def.key, def);
  return def;
}
function columnFormat(c) {
  if (c.format) return c.format;
  if (c.dollar) return "money";
  if (c.miles) return "miles";
  if (c.filter === "date") return c.dateType === "timestamp" ? "datetime" : "date";
  if (c.id === "id" || c.id.endsWith("_id")) return "id";
  if (c.filter === "number" || c.exportKind === "number") return "number";
  if (PHONE_ID.test(c.id)) return "phone";
  return "text";
}
function columnMeta(def) {
  return tableColumns(def).map((c) => ({
    id: c.id,
    title: c.title,
    filter: c.filter ?? null,
    sortable: c.sortable !== false,
    footer: c.footer ?? null,
    dollar: Boolean(c.dollar),
    miles: Boolean(c.miles),
    hidden: Boolean(c.hidden),
    clip: c.clip ?? null,
    align: c.align ?? (c.dollar || c.miles ? "right" : "left"),
    format: columnFormat(c)
  }));
}
function mayExport(def, user) {
  const offers = SECTION_BY_ID.get(def.section)?.actions.includes(ACTION.EXPORT) ?? false;
  if (!user.grants) return false;
  return can(user.grants, offers ? { section: def.section, action: ACTION.EXPORT } : { section: def.section });
}
var REGISTRY, findList, tableColumns, PHONE_ID, exportKindOf, searchFields;
var init_define_list = __esm({
  "src/platform/list/define-list.ts"() {
    "use strict";
    init_src();
    REGISTRY = /* @__PURE__ */ new Map();
    findList = (key) => REGISTRY.get(key);
    tableColumns = (def) => def.columns.filter((c) => !c.data);
    PHONE_ID = /(^|_)phone\d*$/;
    exportKindOf = (c) => c.exportKind && c.exportKind !== "text" ? c.exportKind : columnFormat(c);
    searchFields = (def) => [
      .../* @__PURE__ */ new Set([...def.columns.filter((c) => c.search).map((c) => c.title), ...(def.search ?? []).map((s) => s.label)])
    ];
  }
});

// src/platform/list/list-settings.table.ts
import { integer as integer3, jsonb, pgTable as pgTable3, serial as serial3, text as text3, timestamp as timestamp3, uniqueIndex as uniqueIndex2 } from "drizzle-orm/pg-core";
var listSettings;
var init_list_settings_table = __esm({
  "src/platform/list/list-settings.table.ts"() {
    "use strict";
    init_auth_table();
    listSettings = pgTable3(
      "list_settings",
      {
        id: serial3().primaryKey(),
        userId: integer3().notNull().references(() => users.id, { onDelete: "cascade" }),
        section: text3().notNull(),
        settings: jsonb().$type().notNull(),
        updatedAt: timestamp3({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [uniqueIndex2("list_settings_user_section_idx").on(t.userId, t.section)]
    );
  }
});

// src/platform/list/list-settings.ts
import { and as and2, eq as eq2 } from "drizzle-orm";
function normalizeSettings(def, saved) {
  const known = new Map(tableColumns(def).map((c) => [c.id, c]));
  const seen = /* @__PURE__ */ new Set();
  const columns2 = saved.columns.filter((c) => known.has(c.id) && !seen.has(c.id) && seen.add(c.id));
  for (const c of known.values()) if (!seen.has(c.id)) columns2.push({ id: c.id, visible: !c.hidden, width: null });
  return { columns: columns2 };
}
async function loadSettings(db, def, userId) {
  const [row] = await db.select({ settings: listSettings.settings }).from(listSettings).where(and2(eq2(listSettings.userId, userId), eq2(listSettings.section, def.key)));
  return row ? normalizeSettings(def, row.settings) : null;
}
async function saveSettings(db, def, userId, settings) {
  const known = new Set(tableColumns(def).map((c) => c.id));
  const errors = {};
  const seen = /* @__PURE__ */ new Set();
  settings.columns.forEach((c, i) => {
    if (!known.has(c.id)) errors[`settings.columns.${i}.id`] = [`Unknown column "${c.id}".`];
    else if (seen.has(c.id)) errors[`settings.columns.${i}.id`] = [`The column "${c.id}" is listed twice.`];
    seen.add(c.id);
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const normalized = normalizeSettings(def, settings);
  await db.insert(listSettings).values({ userId, section: def.key, settings: normalized }).onConflictDoUpdate({
    target: [listSettings.userId, listSettings.section],
    set: { settings: normalized, updatedAt: /* @__PURE__ */ new Date() }
  });
  return normalized;
}
async function resetSettings(db, def, userId) {
  await db.delete(listSettings).where(and2(eq2(listSettings.userId, userId), eq2(listSettings.section, def.key)));
}
var init_list_settings = __esm({
  "src/platform/list/list-settings.ts"() {
    "use strict";
    init_errors2();
    init_define_list();
    init_list_settings_table();
  }
});

// src/platform/list/run-list.ts
import { sql as sql3 } from "drizzle-orm";
async function rowsOf(db, query) {
  const result = await db.execute(query);
  return result.rows;
}
function numberCondition(col, f) {
  const expr = col.filterSql ?? col.sql;
  const v = (n) => col.dollar ? cents(n) : n;
  switch (f.op) {
    case "lte":
      return sql3`${expr} <= ${v(f.value)}`;
    case "gte":
      return sql3`${expr} >= ${v(f.value)}`;
    case "eq":
      return sql3`${expr} = ${v(f.value)}`;
    case "between":
      return sql3`${expr} between ${v(f.from)} and ${v(f.to)}`;
  }
}
function dateCondition(col, f) {
  const expr = col.filterSql ?? col.sql;
  const conditions = [];
  const from = f.from ?? f.to;
  const to = f.to ?? f.from;
  if (from && to) {
    conditions.push(
      col.dateType === "timestamp" ? (
        // A company-time day, written so an index on the timestamp still serves it.
        sql3`(${expr} >= (${from}::date)::timestamp at time zone ${COMPANY_TZ} and ${expr} < ((${to}::date + 1)::timestamp at time zone ${COMPANY_TZ}))`
      ) : sql3`${expr} between ${from}::date and ${to}::date`
    );
  }
  if (f.empty) conditions.push(sql3`${expr} is null`);
  return conditions.length === 1 ? conditions[0] : sql3`(${sql3.join(conditions, sql3` or `)})`;
}
function addressCondition(col, f) {
  const target = col.address?.[f.type];
  if (!target) return null;
  const parts = [];
  if (f.states?.length) parts.push(sql3`${target.state} in (${list(f.states)})`);
  if (f.cities?.length) parts.push(sql3`lower(${target.city}) in (${list(f.cities.map((c) => c.toLowerCase()))})`);
  return sql3.join(parts, sql3` and `);
}
function filterCondition(col, raw, errors) {
  const field2 = `filters.${col.id}`;
  if (!col.filter) {
    errors[field2] = ["This column has no filter."];
    return null;
  }
  const parsed = FILTER_SCHEMAS[col.filter].safeParse(raw);
  if (!parsed.success) {
    errors[field2] = [...new Set(parsed.error.issues.map((i) => i.message))];
    return null;
  }
  const expr = col.filterSql ?? col.sql;
  const value = parsed.data;
  switch (col.filter) {
    case "list": {
      const values2 = value.values;
      return values2.length ? sql3`${expr} in (${list(values2)})` : null;
    }
    case "address": {
      const condition = addressCondition(col, parsed.data);
      if (!condition) errors[field2] = ["This column has no such address type."];
      return condition;
    }
    case "number":
      return numberCondition(col, parsed.data);
    case "date":
      return dateCondition(col, parsed.data);
    case "note":
    case "text":
      return sql3`lower((${expr})::text) like ${like(value.value)}`;
    case "options":
      if (value.value === -1) return null;
      return value.value === 1 ? sql3`(${expr}) is true` : sql3`(${expr}) is not true`;
    case "checkbox":
      return value.value ? sql3`(${expr}) is true` : sql3`(${expr}) is not true`;
  }
}
function searchCondition(def, text31) {
  const search = text31.trim();
  const searched = def.columns.filter((c) => c.search);
  const targets = def.search ?? [];
  if (!search || !searched.length && !targets.length) return null;
  const pattern = like(search);
  const joins = /* @__PURE__ */ new Set();
  for (const c of searched) for (const j of c.joins ?? []) joins.add(j);
  for (const t of targets) for (const j of t.joins ?? []) joins.add(j);
  const where = sql3`(${sql3.join(
    [
      ...searched.map((c) => sql3`lower((${c.sql})::text) like ${pattern}`),
      ...targets.map((t) => t.where(pattern, search.toLowerCase()))
    ],
    sql3` or `
  )})`;
  return { where, joins };
}
function compileList(def, user, body) {
  const parsed = ListRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors2 = {};
    for (const issue of parsed.error.issues) {
      const field2 = issue.path.join(".") || "body";
      errors2[field2] = [...errors2[field2] ?? [], issue.message];
    }
    throw AppError.validation(errors2);
  }
  const query = parsed.data;
  const byId = new Map(def.columns.map((c) => [c.id, c]));
  const errors = {};
  const conditions = [];
  const joins = /* @__PURE__ */ new Set();
  const use = (col) => {
    for (const j of col.joins ?? []) joins.add(j);
  };
  const base = def.base(user);
  if (base) conditions.push(base);
  for (const [id, raw] of Object.entries(query.filters)) {
    const col = byId.get(id);
    if (!col) {
      errors[`filters.${id}`] = [`Unknown column "${id}".`];
      continue;
    }
    const condition = filterCondition(col, raw, errors);
    if (condition) {
      conditions.push(condition);
      use(col);
    }
  }
  const searched = searchCondition(def, query.search);
  if (searched) {
    conditions.push(searched.where);
    for (const j of searched.joins) joins.add(j);
  }
  const sort = query.sort ?? def.defaultSort.sort;
  const order = query.order ?? (query.sort ? "asc" : def.defaultSort.order);
  const sortCol = byId.get(sort);
  if (!sortCol) errors.sort = [`Unknown column "${sort}".`];
  else if (sortCol.sortable === false) errors.sort = [`The column "${sort}" cannot be sorted.`];
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const direction = order === "desc" ? sql3`desc` : sql3`asc`;
  const sortExpr = sortCol.sortSql ?? sortCol.sql;
  use(sortCol);
  const orderBy = sql3`${sortExpr} ${direction}, ${def.rowKey} ${direction}`;
  const where = conditions.length ? sql3.join(conditions, sql3` and `) : sql3`true`;
  return { query, where, orderBy, sort, order, joins };
}
function outputRow(columns2, raw) {
  const row = {};
  for (const c of columns2) {
    const v = raw[c.id];
    if (v instanceof Date) row[c.id] = v.toISOString();
    else if (c.dollar && v !== null && v !== void 0) row[c.id] = Number(v) / 100;
    else if (typeof v === "bigint") row[c.id] = Number(v);
    else row[c.id] = v ?? null;
  }
  return row;
}
async function selectPage(db, def, compiled, opts) {
  const columns2 = opts.columns ?? def.columns;
  const allJoins = new Set(compiled.joins);
  for (const c of columns2) for (const j of c.joins ?? []) allJoins.add(j);
  const { where, orderBy } = compiled;
  const query = allJoins.size === compiled.joins.size ? sql3`select ${selectList(columns2)} from ${fromWith(def, allJoins)} where ${where} order by ${orderBy} limit ${opts.limit} offset ${opts.offset}` : sql3`select ${selectList(columns2)} from ${fromWith(def, allJoins)} where ${def.rowKey} in (select ${def.rowKey} from ${fromWith(def, compiled.joins)} where ${where} order by ${orderBy} limit ${opts.limit} offset ${opts.offset}) order by ${orderBy}`;
  const raw = await rowsOf(db, query);
  return raw.map((r) => outputRow(columns2, r));
}
async function selectTotals(db, def, compiled) {
  const footed = def.columns.filter((c) => c.footer);
  const joins = new Set(compiled.joins);
  for (const c of footed) if (!c.footerSql) for (const j of c.joins ?? []) joins.add(j);
  const aggregates = footed.map((c) => {
    const expr = c.footerSql ?? c.sql;
    const agg = c.footer === "sum" ? sql3`coalesce(sum(${expr}), 0)` : c.footer === "count" ? sql3`count(${expr})` : sql3`count(distinct ${expr})`;
    return sql3`, ${agg} as ${sql3.identifier(c.id)}`;
  });
  const [row] = await rowsOf(
    db,
    sql3`select count(*) as __total ${sql3.join(aggregates, sql3``)} from ${fromWith(def, joins)} where ${compiled.where}`
  );
  const sum = {};
  for (const c of footed) {
    const v = Number(row?.[c.id] ?? 0);
    sum[c.id] = c.dollar && c.footer === "sum" ? v / 100 : v;
  }
  return { total: Number(row?.__total ?? 0), sum };
}
async function selectOptions(db, def, user) {
  const columns2 = def.columns.filter((c) => c.filter === "list");
  const base = def.base(user) ?? sql3`true`;
  const entries = await Promise.all(
    columns2.map(async (c) => {
      const expr = c.filterSql ?? c.sql;
      const query = c.options ?? sql3`select distinct ${expr} as value, (${c.sql})::text as label from ${fromWith(def, c.joins ?? [])} where ${base} and ${expr} is not null order by 2 limit ${OPTIONS_LIMIT}`;
      const rows = await rowsOf(db, query);
      return [c.id, rows.map((r) => ({ value: r.value, label: r.label ?? String(r.value) }))];
    })
  );
  return Object.fromEntries(entries);
}
async function refuseDataErrors(work) {
  try {
    return await work;
  } catch (err) {
    const e = err;
    const code = String(e.code ?? e.cause?.code ?? "");
    if (code.startsWith("22")) throw AppError.validation({ filters: ["A filter value does not fit its column."] });
    throw err;
  }
}
async function runList(db, def, user, body) {
  const compiled = compileList(def, user, body);
  const { limit, page, with_options } = compiled.query;
  const all = isAllRows(limit);
  const take = all ? LIST_ROW_CAP : limit;
  const offset = all ? 0 : (page - 1) * limit;
  const [rows, totals, filter, settings] = await refuseDataErrors(
    Promise.all([
      selectPage(db, def, compiled, { limit: take, offset }),
      selectTotals(db, def, compiled),
      with_options ? selectOptions(db, def, user) : Promise.resolve({}),
      loadSettings(db, def, user.id)
    ])
  );
  return {
    rows,
    limit,
    order: compiled.order,
    sort: compiled.sort,
    page: all ? 1 : page,
    total: totals.total,
    sum: totals.sum,
    filter,
    settings,
    columns: columnMeta(def),
    notice: all && totals.total > LIST_ROW_CAP ? listCapNotice(totals.total) : null,
    can_export: mayExport(def, user),
    search_fields: searchFields(def)
  };
}
async function* streamList(db, def, compiled, columns2, batch = 5e3) {
  for (let offset = 0; ; offset += batch) {
    const rows = await selectPage(db, def, compiled, { limit: batch, offset, columns: columns2 });
    yield* rows;
    if (rows.length < batch) return;
  }
}
var COMPANY_TZ, OPTIONS_LIMIT, like, cents, list, fromWith, selectList, isAllRows;
var init_run_list = __esm({
  "src/platform/list/run-list.ts"() {
    "use strict";
    init_src();
    init_errors2();
    init_define_list();
    init_list_settings();
    COMPANY_TZ = "America/Chicago";
    OPTIONS_LIMIT = 500;
    like = (text31) => `%${text31.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    cents = (dollars4) => Math.round(dollars4 * 100);
    list = (values2) => sql3.join(
      values2.map((v) => sql3`${v}`),
      sql3`, `
    );
    fromWith = (def, joins) => {
      const names = [...joins];
      if (!names.length) return def.from;
      return sql3`${def.from} ${sql3.join(
        names.map((n) => def.joins?.[n]),
        sql3` `
      )}`;
    };
    selectList = (columns2) => sql3.join(
      columns2.map((c) => sql3`${c.sql} as ${sql3.identifier(c.id)}`),
      sql3`, `
    );
    isAllRows = (limit) => limit >= PAGE_SIZE_ALL;
  }
});

// src/platform/list/list.routes.ts
import { z as z7 } from "zod";
function exportColumns(def, ids2) {
  const known = new Map(tableColumns(def).map((c) => [c.id, c]));
  if (!ids2?.length) return tableColumns(def).filter((c) => !c.hidden);
  const errors = {};
  ids2.forEach((id, i) => {
    if (!known.has(id)) errors[`columns.${i}`] = [`Unknown column "${id}".`];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return ids2.map((id) => known.get(id));
}
function listFor(key, grants) {
  const def = findList(key);
  if (!def) throw AppError.notFound("Not found");
  if (!can(grants, { section: def.section })) throw AppError.forbidden();
  return def;
}
function registerListRoute(app2, db, def, opts) {
  app2.post(opts.url, {
    config: { access: opts.access ?? { section: def.section } },
    schema: { tags: opts.tags ?? [def.title], body: z7.unknown() },
    handler: async (req) => {
      const result = await runList(db, def, caller(req).user, req.body);
      if (!opts.keys) return result;
      return Object.fromEntries(Object.entries(result).map(([k, v]) => [opts.keys?.[k] ?? k, v]));
    }
  });
}
async function exportDefinedList(opts) {
  const { db, def, user } = opts;
  if (!mayExport(def, user)) throw AppError.forbidden();
  const { columns: ids2, format = "xlsx", ...request } = opts.body;
  const columns2 = exportColumns(def, ids2);
  const compiled = compileList(def, user, { ...request, with_options: false });
  const totals = await refuseDataErrors(selectTotals(db, def, compiled));
  const sums = Object.fromEntries(columns2.filter((c) => c.footer === "sum").map((c) => [c.id, totals.sum[c.id] ?? 0]));
  return opts.exports.exportList({
    actor: { id: user.id, companyId: user.companyId },
    name: opts.name ?? def.title,
    format,
    columns: columns2.map((c) => ({
      id: c.id,
      title: c.title,
      kind: exportKindOf(c),
      ...c.footer ? { footer: c.footer } : {}
    })),
    rows: streamList(db, def, compiled, columns2),
    totals: sums,
    count: totals.total
  });
}
var SectionParams, RequestKeyParams, listRoutes;
var init_list_routes = __esm({
  "src/platform/list/list.routes.ts"() {
    "use strict";
    init_src();
    init_list_contract();
    init_guard();
    init_errors2();
    init_define_list();
    init_list_settings();
    init_run_list();
    SectionParams = z7.object({ section: z7.string().regex(/^[\w-]{1,64}$/, "Unknown list.") });
    RequestKeyParams = z7.object({ requestKey: z7.string().regex(/^[\w-]{1,64}$/, "Unknown list.") });
    listRoutes = {
      name: "list",
      register(app2, { database: { db }, exports }) {
        const tags = ["Column settings"];
        app2.post("/:section/settings", {
          config: { access: "session" },
          schema: {
            tags,
            params: SectionParams,
            body: SaveSettingsBodySchema,
            response: { 200: SaveSettingsResponseSchema }
          },
          handler: async (req) => {
            const { user, grants } = caller(req);
            const def = listFor(req.params.section, grants);
            if ("reset" in req.body) {
              await resetSettings(db, def, user.id);
              return { message: MSG.savingSuccess, settings: null };
            }
            const settings = await saveSettings(db, def, user.id, req.body.settings);
            return { message: MSG.savingSuccess, settings: normalizeSettings(def, settings) };
          }
        });
        app2.post("/:requestKey/export", {
          config: { access: "session" },
          schema: {
            tags: ["Export"],
            params: RequestKeyParams,
            body: ExportBodySchema,
            response: { 200: ExportResponseSchema }
          },
          handler: async (req) => {
            const { user, grants } = caller(req);
            return exportDefinedList({ db, exports, def: listFor(req.params.requestKey, grants), user, body: req.body });
          }
        });
      }
    };
  }
});

// src/modules/billing/billing.list.ts
import { sql as sql4 } from "drizzle-orm";
var TZ, shown, flag, billingList;
var init_billing_list = __esm({
  "src/modules/billing/billing.list.ts"() {
    "use strict";
    init_src();
    init_billing_contract();
    init_define_list();
    TZ = "America/Chicago";
    shown = (expr) => sql4`to_char(${expr} at time zone ${TZ}, 'YYYY-MM-DD HH24:MI')`;
    flag = (expr, yes, no) => sql4`case when ${expr} then ${yes} else ${no} end`;
    billingList = defineList({
      key: "billings",
      title: "Billing",
      section: SECTION.Billing,
      from: sql4`loads`,
      rowKey: sql4`loads.id`,
      joins: {
        billing: sql4`left join billings on billings.load_id = loads.id`,
        biller: sql4`left join users biller on biller.id = billings.created_by`,
        customer: sql4`left join customers on customers.id = loads.customer_id`,
        broker: sql4`left join brokers on brokers.id = loads.broker_id`
      },
      base: (user) => sql4`loads.company_id = ${user.companyId} and loads.delivery_at <= now()${user.customerId ? sql4` and loads.customer_id = ${user.customerId}` : sql4``}`,
      defaultSort: { sort: "delivery_datetime", order: "desc" },
      columns: [
        { id: "load_id", title: "Load", sql: sql4`loads.id`, filter: "number", footer: "count", align: "left" },
        { id: "trip_id", title: "Trip", sql: sql4`loads.trip_id`, filter: "number", align: "left", hidden: true },
        { id: "billing_id", title: "Billing id", sql: sql4`billings.id`, joins: ["billing"], data: true },
        {
          id: "customer",
          title: "Customer",
          sql: sql4`customers.name`,
          filterSql: sql4`loads.customer_id`,
          filter: "list",
          footer: "unique",
          footerSql: sql4`loads.customer_id`,
          search: true,
          joins: ["customer"],
          clip: 30
        },
        {
          id: "broker_name",
          title: "Broker",
          sql: sql4`brokers.name`,
          filterSql: sql4`loads.broker_id`,
          filter: "list",
          search: true,
          joins: ["broker"],
          clip: 30
        },
        { id: "broker_number", title: "Broker #", sql: sql4`loads.broker_number`, filter: "note", search: true },
        {
          id: "delivery_datetime",
          title: "Delivered",
          sql: shown(sql4`loads.delivery_at`),
          filterSql: sql4`loads.delivery_at`,
          sortSql: sql4`loads.delivery_at`,
          filter: "date",
          dateType: "timestamp"
        },
        { id: "gross", title: "Gross", sql: sql4`loads.gross_cents`, filter: "number", footer: "sum", dollar: true },
        {
          id: "billing",
          title: "Billing",
          sql: flag(sql4`loads.billing`, "Created", "Not created"),
          filter: "list",
          options: sql4`select v as value, v as label from (values ('Created'), ('Not created')) t(v)`
        },
        {
          id: "billing_date",
          title: "Billing date",
          sql: shown(sql4`billings.created_at`),
          filterSql: sql4`billings.created_at`,
          sortSql: sql4`billings.created_at`,
          filter: "date",
          dateType: "timestamp",
          joins: ["billing"],
          hidden: true
        },
        {
          id: "billed_by",
          title: "Billed by",
          sql: sql4`biller.name`,
          filterSql: sql4`billings.created_by`,
          filter: "list",
          joins: ["billing", "biller"],
          hidden: true
        },
        {
          id: "invoice",
          title: "Invoice",
          sql: flag(
            sql4`loads.customer_invoice_id is not null`,
            BILLING_LABELS.invoiceExists,
            BILLING_LABELS.invoiceMissing
          ),
          filter: "list",
          options: sql4`select v as value, v as label from (values (${BILLING_LABELS.invoiceExists}), (${BILLING_LABELS.invoiceMissing})) t(v)`
        },
        {
          id: "customer_invoice_id",
          title: "Invoice #",
          sql: sql4`loads.customer_invoice_id`,
          filter: "number",
          hidden: true
        },
        {
          id: "ppw_url",
          title: "PPW",
          sql: flag(sql4`loads.ppw = 1`, BILLING_LABELS.ppwExists, BILLING_LABELS.ppwMissing),
          filter: "list",
          options: sql4`select v as value, v as label from (values (${BILLING_LABELS.ppwExists}), (${BILLING_LABELS.ppwMissing})) t(v)`
        }
      ]
    });
  }
});

// ../shared/src/formats/formats.ts
function formatPhone(value) {
  if (value === null || value === void 0) return "";
  const digits = onlyDigits(value);
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length !== PHONE_DIGITS) return value;
  return `${PHONE_COUNTRY_CODE} (${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}
function formatNumber(value) {
  const n = toNumber(value);
  return n === null ? "" : groupedFormat.format(n);
}
function formatMoney(value) {
  const n = toNumber(value);
  if (n === null) return "";
  const text31 = `${CURRENCY_PREFIX}${moneyFormat.format(Math.abs(n))}`;
  return n < 0 && text31 !== `${CURRENCY_PREFIX}0.00` ? `-${text31}` : text31;
}
function formatMiles(value, options = {}) {
  const n = toNumber(value);
  if (n === null) return "";
  return `${groupedFormat.format(n)} ${options.reefer ? REEFER_HOURS_SUFFIX : MILES_SUFFIX}`;
}
function formatPercent(value) {
  const n = toNumber(value);
  if (n === null) return "";
  return `${groupedFormat.format(Math.min(n, PERCENT_CAP))}%`;
}
function partFormat(timeZone) {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short"
    });
    partFormats.set(timeZone, f);
  }
  return f;
}
function zonedParts(date11, timeZone = COMPANY_TIME_ZONE_DEFAULT) {
  const parts = {};
  for (const p of partFormat(timeZone).formatToParts(date11)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "")
  };
}
function toParts(value, timeZone) {
  if (value === null || value === void 0 || value === "") return null;
  if (typeof value === "string") {
    const w = WALL_CLOCK.exec(value);
    if (w) {
      const [y, mo, d] = [Number(w[1]), Number(w[2]), Number(w[3])];
      return {
        year: y,
        month: mo,
        day: d,
        hour: Number(w[4]),
        minute: Number(w[5]),
        second: Number(w[6] ?? 0),
        weekday: new Date(Date.UTC(y, mo - 1, d)).getUTCDay()
      };
    }
    const m = DATE_ONLY.exec(value);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return {
        year: y,
        month: mo,
        day: d,
        hour: 0,
        minute: 0,
        second: 0,
        weekday: new Date(Date.UTC(y, mo - 1, d)).getUTCDay()
      };
    }
  }
  const date11 = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date11.getTime()) ? null : zonedParts(date11, timeZone);
}
function formatDate(value, timeZone = COMPANY_TIME_ZONE_DEFAULT) {
  const p = toParts(value, timeZone);
  return p ? ymd(p) : "";
}
function formatDateTime(value, timeZone = COMPANY_TIME_ZONE_DEFAULT) {
  const p = toParts(value, timeZone);
  return p ? `${ymd(p)} ${pad2(p.hour)}:${pad2(p.minute)}` : "";
}
function nowInCompanyTimeZone(now = /* @__PURE__ */ new Date(), timeZone = COMPANY_TIME_ZONE_DEFAULT) {
  const p = zonedParts(now, timeZone);
  return { ...p, date: ymd(p), dateTime: `${ymd(p)} ${pad2(p.hour)}:${pad2(p.minute)}` };
}
function addDays(date11, days) {
  const m = DATE_ONLY.exec(date11);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date11}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}
function startOfWeek(date11) {
  const p = toParts(date11, "UTC");
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${date11}`);
  return addDays(date11, -((p.weekday - WEEK_STARTS_ON + 7) % 7));
}
function formatCellValue(format, value) {
  if (value === null || value === void 0 || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  switch (format) {
    case "money":
      return formatMoney(value);
    case "miles":
      return formatMiles(value);
    case "number":
      return typeof value === "number" || /^-?\d+(\.\d+)?$/.test(String(value)) ? formatNumber(value) : String(value);
    case "percent":
      return formatPercent(value);
    case "date":
    case "datetime": {
      const text31 = format === "date" ? formatDate(value) : formatDateTime(value);
      return text31 || String(value);
    }
    case "phone":
      return formatPhone(String(value));
    default:
      return String(value);
  }
}
var F, COMPANY_TIME_ZONE_DEFAULT, PHONE_DIGITS, PHONE_COUNTRY_CODE, PERCENT_CAP, CURRENCY_PREFIX, MILES_SUFFIX, REEFER_HOURS_SUFFIX, WEEK_STARTS_ON, QUARTER_HOUR_LABELS, onlyDigits, MAX_HOURS, MAX_MINUTES, pad2, toNumber, groupedFormat, moneyFormat, compactFormat, WEEKDAYS, partFormats, DATE_ONLY, WALL_CLOCK, DATE_FORMAT, DATE_TIME_FORMAT, ymd;
var init_formats = __esm({
  "../shared/src/formats/formats.ts"() {
    "use strict";
    init_constants();
    F = constants_default.formats;
    COMPANY_TIME_ZONE_DEFAULT = constants_default.time_zone;
    PHONE_DIGITS = constants_default.phone.digits;
    PHONE_COUNTRY_CODE = constants_default.phone.country_code;
    PERCENT_CAP = F.percentage_display_cap;
    CURRENCY_PREFIX = F.currency_prefix;
    MILES_SUFFIX = F.miles_suffix;
    REEFER_HOURS_SUFFIX = F.reefer_hours_suffix;
    WEEK_STARTS_ON = 0;
    QUARTER_HOUR_LABELS = F.quarter_hour_minute_labels;
    onlyDigits = (value) => value.replace(/\D/g, "");
    MAX_HOURS = F.time_field.max_hours;
    MAX_MINUTES = F.time_field.max_minutes;
    pad2 = (n) => String(n).padStart(2, "0");
    toNumber = (value) => {
      if (value === null || value === void 0 || value === "") return null;
      const n = typeof value === "number" ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    };
    groupedFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
    moneyFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    compactFormat = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 });
    WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    partFormats = /* @__PURE__ */ new Map();
    DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
    WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
    DATE_FORMAT = F.date_picker_default;
    DATE_TIME_FORMAT = F.date_default;
    ymd = (p) => `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
  }
});

// ../shared/src/schemas/money.ts
import { z as z8 } from "zod";
function parseDollars(value) {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const cents3 = Math.round(value * 100);
    if (Math.abs(value * 100 - cents3) > 1e-6) return "decimals";
    return cents3 === 0 ? 0 : cents3;
  }
  if (typeof value !== "string") return null;
  const text31 = value.trim();
  const m = DECIMAL.exec(text31);
  if (!m || m[2] === "" && !m[3]) return /^-?\d*\.\d{3,}$/.test(text31) && /\d/.test(text31) ? "decimals" : null;
  const cents2 = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] === "-" && cents2 !== 0 ? -cents2 : cents2;
}
function moneyProblem(opts) {
  const label = opts.label ?? "amount";
  const min = opts.min ?? 0;
  const max = opts.max ?? 1e7;
  return (value) => {
    const cents2 = parseDollars(value);
    if (cents2 === null) return typeMessage(opts);
    if (cents2 === "decimals") return `The ${label} has at most 2 decimals.`;
    if (opts.positive && cents2 <= 0) return `The ${label} must be greater than 0.`;
    if (cents2 < Math.round(min * 100)) {
      return min === 0 ? `The ${label} cannot be negative.` : `The ${label} may not be less than ${dollarsText(min)}.`;
    }
    if (cents2 > Math.round(max * 100)) return `The ${label} may not be greater than ${dollarsText(max)}.`;
    return null;
  };
}
function moneySchema(opts = {}) {
  const problem = moneyProblem(opts);
  return z8.union([z8.number(), z8.string()], { error: typeMessage(opts) }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message, input: value });
  }).overwrite((value) => {
    const cents2 = parseDollars(value);
    return typeof cents2 === "number" ? cents2 : Number.NaN;
  }).register(inputKinds, { kind: "money" });
}
function optionalMoneySchema(opts = {}) {
  const problem = moneyProblem(opts);
  return z8.union([z8.number(), z8.string(), z8.null()], { error: typeMessage(opts) }).optional().transform((value, ctx) => {
    if (value === void 0 || value === null || typeof value === "string" && value.trim() === "") return null;
    const message = problem(value);
    if (message) {
      ctx.addIssue({ code: "custom", message, input: value });
      return z8.NEVER;
    }
    return parseDollars(value);
  }).register(inputKinds, { kind: "money" });
}
var DECIMAL, dollarsText, typeMessage;
var init_money2 = __esm({
  "../shared/src/schemas/money.ts"() {
    "use strict";
    init_input_kinds();
    DECIMAL = /^(-?)(\d{0,12})(?:\.(\d{0,2}))?$/;
    dollarsText = (n) => n.toLocaleString("en-US");
    typeMessage = (opts) => `Enter the ${opts.label ?? "amount"} in dollars, e.g. 1234.50.`;
  }
});

// ../shared/src/modules/invoices/invoices.contract.ts
import { z as z9 } from "zod";
var INVOICE_STATUS, INVOICE_MSG, isoDate2, InvoiceRowSchema, InvoiceLineSchema, text4, InvoiceUpdateBodySchema, InvoiceNewBodySchema, InvoiceDetailSchema, InvoiceResponseSchema, InvoiceSavedSchema, email, SendInvoiceBodySchema, InvoiceEmailBodySchema, SendInvoicesBodySchema, SendResultSchema, SendStatisticBodySchema, SetPaymentsBodySchema, InvoiceTotalSchema, GenerateOptionsSchema, GENERATE_MAX_DAYS, dayNumber, GENERATE_MSG, GenerateBodySchema, GenerateStartedSchema;
var init_invoices_contract = __esm({
  "../shared/src/modules/invoices/invoices.contract.ts"() {
    "use strict";
    init_formats();
    init_dates();
    init_money2();
    INVOICE_STATUS = { Open: "Open", Sent: "Sent", Paid: "Paid" };
    INVOICE_MSG = {
      notOpen: "Only an Open invoice can be changed.",
      alreadyOpen: "The invoice is already Open.",
      paidNotOpen: "Only an Open invoice can be marked paid.",
      nothingToPay: "The invoice has nothing left to pay.",
      noEmail: "The customer has no e-mail address: enter one.",
      paidSuccess: "The invoice is marked paid.",
      statisticSent: "Message has been sent successfully.",
      generationStarted: "Invoice generation started.",
      billingInvoiced: "The load is already invoiced: delete the invoice first.",
      billingExists: "The load is already in billing.",
      billingNotDelivered: "Only a delivered load can be billed."
    };
    isoDate2 = dateSchema();
    InvoiceRowSchema = z9.object({
      invoice_id: z9.number().int(),
      status: z9.string(),
      service: z9.string().nullable(),
      customer: z9.string().nullable(),
      customer_id: z9.number().int(),
      from: z9.string(),
      to: z9.string(),
      generated: z9.string(),
      generated_date: z9.string().nullable(),
      total_check: z9.number(),
      pay_amount: z9.number(),
      need_pay_amount: z9.number(),
      balance: z9.number(),
      mistake: z9.number(),
      loss: z9.number(),
      payment_account: z9.string().nullable(),
      invoice_status: z9.string(),
      pay: z9.string().nullable()
    });
    InvoiceLineSchema = z9.object({
      id: z9.number().int().optional(),
      load_id: z9.number().int().nullable().optional(),
      description: z9.string().trim().min(1, "The description is required.").max(300, "The description may not be greater than 300 characters."),
      quantity: z9.coerce.number().int("The quantity is a whole number.").min(1, "The quantity is at least 1.").max(1e5),
      /** The line's amount in dollars, parsed to cents (quantity is what it counts: drivers, months, 1 for a load). */
      amount: moneySchema({ min: -1e6, max: 1e7 })
    });
    text4 = (max, label) => z9.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`).nullable().optional();
    InvoiceUpdateBodySchema = z9.object({
      id: z9.coerce.number().int().positive().optional(),
      description: text4(1e3, "description"),
      payment_account: text4(120, "payment account"),
      lines: z9.array(InvoiceLineSchema).max(5e3).optional()
    });
    InvoiceNewBodySchema = z9.object({
      customer_id: z9.coerce.number({ message: "Choose a customer." }).int().positive("Choose a customer."),
      service_id: z9.coerce.number().int().positive().nullable().optional(),
      from: isoDate2,
      to: isoDate2,
      description: text4(1e3, "description"),
      payment_account: text4(120, "payment account"),
      lines: z9.array(InvoiceLineSchema).min(1, "Add at least one line.").max(5e3)
    }).refine((v) => v.from <= v.to, { message: "The start date is after the end date.", path: ["to"] });
    InvoiceDetailSchema = z9.object({
      invoice_id: z9.number().int(),
      status: z9.string(),
      customer_id: z9.number().int(),
      customer: z9.string().nullable(),
      customer_email: z9.string().nullable(),
      service_id: z9.number().int().nullable(),
      service: z9.string().nullable(),
      from: z9.string(),
      to: z9.string(),
      generated: z9.boolean(),
      description: z9.string().nullable(),
      payment_account: z9.string().nullable(),
      total_check: z9.number(),
      pay_amount: z9.number(),
      need_pay_amount: z9.number(),
      mistake: z9.number(),
      loss: z9.number(),
      lines: z9.array(
        z9.object({
          id: z9.number().int(),
          load_id: z9.number().int().nullable(),
          description: z9.string(),
          quantity: z9.number().int(),
          rate: z9.number(),
          base: z9.number(),
          amount: z9.number()
        })
      )
    });
    InvoiceResponseSchema = z9.object({ invoice: InvoiceDetailSchema });
    InvoiceSavedSchema = z9.object({ message: z9.string(), invoice: InvoiceDetailSchema });
    email = z9.email("Enter a valid e-mail address.");
    SendInvoiceBodySchema = z9.object({
      invoice_id: z9.coerce.number().int().positive(),
      email: email.or(z9.literal("")).optional()
    });
    InvoiceEmailBodySchema = z9.object({ invoice_id: z9.coerce.number().int().positive(), email });
    SendInvoicesBodySchema = z9.object({
      invoice_ids: z9.array(z9.coerce.number().int().positive()).min(1, "Choose invoices to send.").max(500)
    });
    SendResultSchema = z9.object({
      message: z9.string(),
      sent: z9.array(z9.number().int()),
      failed: z9.array(z9.object({ invoice_id: z9.number().int(), error: z9.string() }))
    });
    SendStatisticBodySchema = z9.object({ email });
    SetPaymentsBodySchema = z9.object({
      invoice_ids: z9.array(z9.coerce.number().int().positive()).min(1, "Choose invoices.").max(500),
      method: z9.enum(["ACH", "Zelle", "Check", "Wire", "Card"]).default("ACH"),
      paid_on: isoDate2.optional()
    });
    InvoiceTotalSchema = z9.object({ total: z9.number().int(), sum: z9.record(z9.string(), z9.number()) });
    GenerateOptionsSchema = z9.object({
      periods: z9.array(z9.object({ id: z9.string(), label: z9.string(), from: isoDate2, to: isoDate2 })),
      services: z9.array(z9.object({ id: z9.number().int(), name: z9.string(), billing_method: z9.string(), rate: z9.number() })),
      customers: z9.array(z9.object({ id: z9.number().int(), name: z9.string() }))
    });
    GENERATE_MAX_DAYS = 93;
    dayNumber = (date11) => Date.UTC(+date11.slice(0, 4), +date11.slice(5, 7) - 1, +date11.slice(8, 10)) / 864e5;
    GENERATE_MSG = {
      startAfterEnd: "The start date is after the end date.",
      endInFuture: (today) => `The end date (to) can't be after today (${today}, ${COMPANY_TIME_ZONE_DEFAULT}): that period has not ended.`,
      tooLong: (days) => `The period (from - to) is ${days} days long; one run bills at most ${GENERATE_MAX_DAYS} days.`
    };
    GenerateBodySchema = z9.object({
      from: isoDate2,
      to: isoDate2,
      service_id: z9.coerce.number().int().positive().nullable().optional(),
      customer_ids: z9.array(z9.coerce.number().int().positive()).max(5e3).optional(),
      description: text4(1e3, "description")
    }).superRefine((v, ctx) => {
      if (v.from > v.to) {
        ctx.addIssue({ code: "custom", message: GENERATE_MSG.startAfterEnd, path: ["to"] });
        return;
      }
      const today = nowInCompanyTimeZone().date;
      if (v.to > today) ctx.addIssue({ code: "custom", message: GENERATE_MSG.endInFuture(today), path: ["to"] });
      const days = dayNumber(v.to) - dayNumber(v.from) + 1;
      if (days > GENERATE_MAX_DAYS) ctx.addIssue({ code: "custom", message: GENERATE_MSG.tooLong(days), path: ["from"] });
    });
    GenerateStartedSchema = z9.object({ message: z9.string(), run_id: z9.number().int(), job_id: z9.string() });
  }
});

// src/platform/audit/audit.table.ts
import { bigserial as bigserial2, index as index2, integer as integer4, jsonb as jsonb2, pgTable as pgTable4, text as text5, timestamp as timestamp4 } from "drizzle-orm/pg-core";
var auditLog;
var init_audit_table = __esm({
  "src/platform/audit/audit.table.ts"() {
    "use strict";
    auditLog = pgTable4(
      "audit_log",
      {
        id: bigserial2({ mode: "number" }).primaryKey(),
        companyId: integer4(),
        userId: integer4(),
        at: timestamp4({ withTimezone: true }).notNull().defaultNow(),
        entity: text5().notNull(),
        entityId: text5().notNull(),
        action: text5().notNull(),
        before: jsonb2(),
        after: jsonb2()
      },
      (t) => [index2("audit_log_entity_idx").on(t.entity, t.entityId, t.at)]
    );
  }
});

// src/platform/audit/audit.ts
function scrub(value) {
  if (value === null || value === void 0) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).filter(([k]) => !SECRET_KEYS.test(k)).map(([k, v]) => [k, scrub(v)])
    );
  }
  return value;
}
async function writeAudit(tx, entry) {
  await tx.insert(auditLog).values({
    companyId: entry.actor?.companyId ?? null,
    userId: entry.actor?.id ?? null,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: scrub(entry.before ?? null),
    after: scrub(entry.after ?? null)
  });
}
var SECRET_KEYS;
var init_audit = __esm({
  "src/platform/audit/audit.ts"() {
    "use strict";
    init_audit_table();
    SECRET_KEYS = /password|token|secret/i;
  }
});

// src/modules/trips/trips.table.ts
import { index as index3, integer as integer5, pgTable as pgTable5, primaryKey as primaryKey2, serial as serial4, text as text6, timestamp as timestamp5 } from "drizzle-orm/pg-core";
var trips, tripConnections, tripNotes;
var init_trips_table = __esm({
  "src/modules/trips/trips.table.ts"() {
    "use strict";
    trips = pgTable5(
      "trips",
      {
        id: serial4().primaryKey(),
        companyId: integer5().notNull(),
        customerId: integer5(),
        truckId: integer5(),
        trailerId: integer5(),
        driverId: integer5(),
        /** The dispatcher (a user) who owns the trip. */
        dispatcherId: integer5(),
        notes: text6(),
        createdBy: integer5(),
        createdAt: timestamp5({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp5({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index3("trips_company_created_idx").on(t.companyId, t.createdAt)]
    );
    tripConnections = pgTable5(
      "trip_connections",
      {
        tripId: integer5().notNull().references(() => trips.id, { onDelete: "cascade" }),
        connectedTripId: integer5().notNull().references(() => trips.id, { onDelete: "cascade" }),
        createdBy: integer5(),
        createdAt: timestamp5({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [primaryKey2({ columns: [t.tripId, t.connectedTripId] })]
    );
    tripNotes = pgTable5(
      "trip_notes",
      {
        id: serial4().primaryKey(),
        tripId: integer5().notNull().references(() => trips.id, { onDelete: "cascade" }),
        text: text6().notNull(),
        /** new, edit, seen */
        status: text6().notNull().default("new"),
        createdBy: integer5(),
        createdAt: timestamp5({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp5({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index3("trip_notes_trip_idx").on(t.tripId)]
    );
  }
});

// src/modules/trips/loads.table.ts
import { sql as sql5 } from "drizzle-orm";
import { bigint, boolean as boolean3, index as index4, integer as integer6, pgTable as pgTable6, real, serial as serial5, smallint as smallint2, text as text7, timestamp as timestamp6 } from "drizzle-orm/pg-core";
var loads, loadStops;
var init_loads_table = __esm({
  "src/modules/trips/loads.table.ts"() {
    "use strict";
    init_trips_table();
    loads = pgTable6(
      "loads",
      {
        id: serial5().primaryKey(),
        companyId: integer6().notNull(),
        tripId: integer6().notNull().references(() => trips.id, { onDelete: "cascade" }),
        /** Order of the load within its trip. */
        position: smallint2().notNull().default(1),
        brokerId: integer6(),
        /** The broker's load (reference) number. */
        brokerNumber: text7(),
        bol: text7(),
        grossCents: bigint({ mode: "number" }).notNull().default(0),
        /** Loaded miles, pickup to delivery. */
        mileageLoaded: integer6().notNull().default(0),
        /** Empty miles to the first pickup. */
        mileageEmpty: integer6().notNull().default(0),
        pickupAt: timestamp6({ withTimezone: true }),
        deliveryAt: timestamp6({ withTimezone: true }),
        pickupCity: text7(),
        pickupState: text7(),
        deliveryCity: text7(),
        deliveryState: text7(),
        // Copied from the trip (see trips.table.ts).
        customerId: integer6(),
        truckId: integer6(),
        trailerId: integer6(),
        driverId: integer6(),
        dispatcherId: integer6(),
        /** The carrier uses factoring for this load. */
        factoring: boolean3().notNull().default(false),
        /** 1 once a PPW (paperwork) file exists (000 §4). */
        ppw: smallint2().notNull().default(0),
        ppwCreatedBy: integer6(),
        ppwDate: timestamp6({ withTimezone: true }),
        /** Billing row created for the load (accounting → billing). */
        billing: boolean3().notNull().default(false),
        customerInvoiceId: integer6(),
        dispatcherStatementId: integer6(),
        /** Extraction from a rate confirmation: none, extracted, confirmed. */
        aiStatus: text7(),
        aiConfidence: real(),
        createdBy: integer6(),
        createdAt: timestamp6({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp6({ withTimezone: true }).notNull().defaultNow()
      },
      // Descending keys sort nulls first, as ORDER BY … DESC does: the list's sort then reads the
      // index in order (drizzle's plain .desc() writes NULLS LAST, which forces a sort of the window).
      (t) => [
        index4("loads_trip_idx").on(t.tripId),
        index4("loads_delivery_idx").on(t.companyId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
        index4("loads_pickup_idx").on(t.companyId, t.pickupAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
        index4("loads_customer_delivery_idx").on(t.customerId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
        index4("loads_dispatcher_delivery_idx").on(
          t.dispatcherId,
          t.deliveryAt.desc().nullsFirst(),
          t.id.desc().nullsFirst()
        ),
        index4("loads_truck_delivery_idx").on(t.truckId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
        index4("loads_driver_delivery_idx").on(t.driverId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
        index4("loads_broker_delivery_idx").on(t.brokerId, t.deliveryAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
        index4("loads_not_invoiced_idx").on(t.companyId, t.deliveryAt.desc()).where(sql5`${t.customerInvoiceId} is null`)
      ]
    );
    loadStops = pgTable6(
      "load_stops",
      {
        id: serial5().primaryKey(),
        loadId: integer6().notNull().references(() => loads.id, { onDelete: "cascade" }),
        /** 1 PickUp, 2 Delivery (the address filter's types). */
        type: smallint2().notNull(),
        position: smallint2().notNull(),
        cityId: integer6(),
        city: text7().notNull(),
        state: text7().notNull(),
        zip: text7(),
        address: text7(),
        facility: text7(),
        at: timestamp6({ withTimezone: true }),
        /** Appointment window end, when the stop has one. */
        atEnd: timestamp6({ withTimezone: true }),
        reference: text7()
      },
      (t) => [index4("load_stops_load_idx").on(t.loadId, t.type, t.position)]
    );
  }
});

// ../shared/src/modules/trips/trips.contract.ts
import { z as z10 } from "zod";
var TRIPS_DEFAULT_WEEKS, TRIPS_PAGE_SIZE, AI_STATUSES, stopTime, StopFormSchema, miles, LoadFormSchema, optionalId, TripFormSchema, NewLoadBodySchema, StopSchema, LoadDetailSchema, FileRowSchema, TripNoteSchema, TripDetailSchema, TripResponseSchema, TripSaveResponseSchema, LoadSaveResponseSchema, TripNoteBodySchema, ConnectionBodySchema, option, TripFiltersResponseSchema, LocationBodySchema, LocationSchema, LocationResponseSchema, StatesResponseSchema, LoadLookupBodySchema, LoadLookupResponseSchema, PpwFileSchema, PpwListResponseSchema, PpwUploadResponseSchema, SendPpwBodySchema, SendPpwResponseSchema, SpecTripFiltersSchema, SPEC_FILTER_KEYS, LoadMoneySchema, TripPaymentSchema, TripHistorySchema, TripDetailViewResponseSchema;
var init_trips_contract = __esm({
  "../shared/src/modules/trips/trips.contract.ts"() {
    "use strict";
    init_dates();
    init_money2();
    TRIPS_DEFAULT_WEEKS = 4;
    TRIPS_PAGE_SIZE = 15;
    AI_STATUSES = ["extracted", "confirmed"];
    stopTime = dateTimeSchema({ allowEmpty: true }).nullable().default(null).transform((v) => v ? v : null);
    StopFormSchema = z10.object({
      type: z10.union([z10.literal(1), z10.literal(2)], { message: "A stop is a pickup (1) or a delivery (2)." }),
      city_id: z10.number().int().positive().nullable().default(null),
      city: z10.string().trim().min(1, "The city field is required.").max(120),
      state: z10.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "The state is a two-letter code, e.g. TX."),
      zip: z10.string().trim().regex(/^(\d{5})?$/, "The zip code is five digits.").default(""),
      address: z10.string().trim().max(200).default(""),
      at: stopTime
    });
    miles = z10.coerce.number({ message: "Enter a number of miles." }).int("Miles are whole numbers.").min(0, "Miles cannot be negative.").max(2e4, "That is too many miles for one load.");
    LoadFormSchema = z10.object({
      load_id: z10.number().int().positive().nullable().default(null),
      broker_id: z10.number().int().positive().nullable().default(null),
      broker_number: z10.string().trim().max(60).default(""),
      bol: z10.string().trim().max(60).default(""),
      /** Dollars, parsed to cents. */
      gross: moneySchema({ label: "gross", max: 1e6 }),
      factoring: z10.boolean().default(false),
      mileage_loaded: miles.default(0),
      mileage_empty: miles.default(0),
      ai_status: z10.enum(AI_STATUSES).nullable().default(null),
      stops: z10.array(StopFormSchema).max(20, "At most 20 stops per load.")
    }).superRefine((load, ctx) => {
      if (!load.stops.some((s) => s.type === 1))
        ctx.addIssue({ code: "custom", path: ["stops"], message: "Add at least one pickup." });
      if (!load.stops.some((s) => s.type === 2))
        ctx.addIssue({ code: "custom", path: ["stops"], message: "Add at least one delivery." });
    });
    optionalId = z10.number().int().positive().nullable().default(null);
    TripFormSchema = z10.object({
      truck_id: optionalId,
      trailer_id: optionalId,
      driver_id: optionalId,
      customer_id: z10.number({ message: "The customer field is required." }).int().positive(),
      dispatcher_id: z10.number({ message: "The dispatcher field is required." }).int().positive(),
      notes: z10.string().trim().max(2e3).default(""),
      loads: z10.array(LoadFormSchema).min(1, "Add at least one load.").max(20)
    });
    NewLoadBodySchema = LoadFormSchema.safeExtend({ trip_id: z10.number().int().positive() });
    StopSchema = z10.object({
      id: z10.number().int(),
      type: z10.number().int(),
      position: z10.number().int(),
      city_id: z10.number().int().nullable(),
      city: z10.string(),
      state: z10.string(),
      zip: z10.string(),
      address: z10.string(),
      at: z10.string().nullable()
    });
    LoadDetailSchema = z10.object({
      load_id: z10.number().int(),
      trip_id: z10.number().int(),
      position: z10.number().int(),
      broker_id: z10.number().int().nullable(),
      broker_name: z10.string().nullable(),
      broker_number: z10.string(),
      bol: z10.string(),
      gross: z10.number(),
      factoring: z10.boolean(),
      mileage_loaded: z10.number().int(),
      mileage_empty: z10.number().int(),
      rpm: z10.number().nullable(),
      ppw: z10.number().int(),
      ppw_created_by: z10.number().int().nullable(),
      ppw_date: z10.string().nullable(),
      billing: z10.boolean(),
      customer_invoice_id: z10.number().int().nullable(),
      ai_status: z10.string().nullable(),
      routs: z10.string().nullable(),
      locations_pickup: z10.array(StopSchema),
      locations_delivery: z10.array(StopSchema)
    });
    FileRowSchema = z10.object({
      id: z10.number().int(),
      load_id: z10.number().int().nullable(),
      category: z10.string().nullable(),
      name: z10.string(),
      mime: z10.string(),
      url: z10.string(),
      preview_url: z10.string().nullable(),
      created_at: z10.string(),
      status: z10.enum(["new", "edit", "seen"])
    });
    TripNoteSchema = z10.object({
      id: z10.number().int(),
      text: z10.string(),
      status: z10.string(),
      created_by: z10.string().nullable(),
      created_at: z10.string()
    });
    TripDetailSchema = z10.object({
      trip_id: z10.number().int(),
      truck_id: z10.number().int().nullable(),
      trailer_id: z10.number().int().nullable(),
      driver_id: z10.number().int().nullable(),
      customer_id: z10.number().int().nullable(),
      dispatcher_id: z10.number().int().nullable(),
      truck: z10.string().nullable(),
      trailer: z10.string().nullable(),
      driver: z10.string().nullable(),
      customer: z10.string().nullable(),
      dispatcher: z10.string().nullable(),
      notes: z10.string(),
      created_at: z10.string(),
      loads: z10.array(LoadDetailSchema),
      files: z10.array(FileRowSchema),
      notes_rows: z10.array(TripNoteSchema),
      connections: z10.array(z10.object({ trip_id: z10.number().int(), routs: z10.string().nullable() }))
    });
    TripResponseSchema = z10.object({ trip: TripDetailSchema });
    TripSaveResponseSchema = z10.object({ message: z10.string(), trip: TripDetailSchema });
    LoadSaveResponseSchema = z10.object({
      message: z10.string(),
      load_id: z10.number().int(),
      trip_id: z10.number().int()
    });
    TripNoteBodySchema = z10.object({ text: z10.string().trim().min(1, "Write a note.").max(2e3) });
    ConnectionBodySchema = z10.object({
      trip_id: z10.number().int().positive(),
      connected_trip_id: z10.number().int().positive(),
      connect: z10.boolean().default(true)
    });
    option = z10.object({ value: z10.number().int(), label: z10.string() });
    TripFiltersResponseSchema = z10.object({
      filters: z10.object({
        /** A truck brings its trailer and driver into a new trip. */
        trucks: z10.array(option.extend({ trailer_id: z10.number().int().nullable(), driver_id: z10.number().int().nullable() })),
        trailers: z10.array(option),
        trailer_types: z10.array(option),
        drivers: z10.array(option),
        customers: z10.array(option),
        dispatchers: z10.array(option),
        brokers: z10.array(option)
      })
    });
    LocationBodySchema = z10.object({
      zip: z10.string().trim().regex(/^(\d{5})?$/, "The zip code is five digits.").default(""),
      city: z10.string().trim().max(120).default(""),
      state: z10.string().trim().toUpperCase().max(2).default("")
    }).refine((v) => v.zip || v.city && v.state, { message: "Enter a zip code, or a city and a state.", path: ["zip"] });
    LocationSchema = z10.object({
      state_id: z10.string(),
      city_id: z10.number().int(),
      zip_code: z10.string(),
      city: z10.string(),
      state: z10.string()
    });
    LocationResponseSchema = z10.object({ location: LocationSchema });
    StatesResponseSchema = z10.object({ states: z10.array(z10.object({ value: z10.string(), label: z10.string() })) });
    LoadLookupBodySchema = z10.object({
      search: z10.string().trim().max(60).default(""),
      limit: z10.number().int().min(1).max(50).default(20)
    });
    LoadLookupResponseSchema = z10.object({
      loads: z10.array(
        z10.object({
          load_id: z10.number().int(),
          trip_id: z10.number().int(),
          broker_number: z10.string().nullable(),
          bol: z10.string().nullable(),
          routs: z10.string().nullable()
        })
      )
    });
    PpwFileSchema = FileRowSchema;
    PpwListResponseSchema = z10.object({
      load_files: z10.array(PpwFileSchema),
      load: z10.object({
        load_id: z10.number().int(),
        ppw: z10.number().int(),
        ppw_created_by: z10.number().int().nullable(),
        ppw_date: z10.string().nullable()
      })
    });
    PpwUploadResponseSchema = z10.object({
      message: z10.string(),
      file: PpwFileSchema,
      load: PpwListResponseSchema.shape.load
    });
    SendPpwBodySchema = z10.object({
      email: z10.email("Enter a valid e-mail address.").or(z10.literal("")).default(""),
      files: z10.array(z10.number().int().positive()).max(50).optional()
    });
    SendPpwResponseSchema = z10.object({
      message: z10.string(),
      data: z10.object({ mail_id: z10.number().int(), status: z10.string(), to: z10.string(), files: z10.number().int() })
    });
    SpecTripFiltersSchema = z10.object({
      selectTruck: z10.array(z10.number().int()).optional(),
      selectTrailer: z10.array(z10.number().int()).optional(),
      selectTrailerType: z10.array(z10.number().int()).optional(),
      selectDriver: z10.array(z10.number().int()).optional(),
      selectCustomer: z10.array(z10.number().int()).optional(),
      selectBrocker: z10.array(z10.number().int()).optional(),
      selectBrockerNum: z10.union([z10.string(), z10.array(z10.string())]).optional(),
      selectId: z10.union([z10.number().int(), z10.array(z10.number().int())]).optional(),
      selectDispatcher: z10.array(z10.number().int()).optional(),
      dateDelivery: z10.unknown().optional(),
      datePU: z10.unknown().optional(),
      selectBilling: z10.union([z10.literal(1), z10.literal(0), z10.literal(-1)]).optional(),
      selectBol: z10.string().optional(),
      selectInvoiced: z10.union([z10.literal(1), z10.literal(0), z10.literal(-1)]).optional(),
      weeks: z10.number().int().min(1).max(520).optional(),
      limit: z10.number().int().optional(),
      pageNum: z10.number().int().optional()
    });
    SPEC_FILTER_KEYS = Object.keys(SpecTripFiltersSchema.shape);
    LoadMoneySchema = z10.object({
      load_id: z10.number().int(),
      billing: z10.boolean(),
      ppw: z10.boolean(),
      invoice: z10.object({
        id: z10.number().int(),
        status: z10.string(),
        from: z10.string(),
        to: z10.string(),
        total: z10.number(),
        paid: z10.number(),
        due: z10.number(),
        sent_at: z10.string().nullable()
      }).nullable()
    });
    TripPaymentSchema = z10.object({
      id: z10.number().int(),
      invoice_id: z10.number().int(),
      paid_on: z10.string(),
      amount: z10.number(),
      method: z10.string()
    });
    TripHistorySchema = z10.object({
      at: z10.string(),
      user: z10.string().nullable(),
      entity: z10.string(),
      entity_id: z10.string(),
      action: z10.string(),
      /** The fields an update changed (empty for a create or a delete). */
      fields: z10.array(z10.string())
    });
    TripDetailViewResponseSchema = z10.object({
      trip: TripDetailSchema,
      money: z10.array(LoadMoneySchema),
      payments: z10.array(TripPaymentSchema),
      history: z10.array(TripHistorySchema)
    });
  }
});

// src/modules/trips/trips.filters.ts
function weeksWindow(date11, weeks) {
  return { from: addDays(date11, -(weeks * 7 - 1)), to: date11 };
}
function specDate(key, raw, weeks) {
  const bad = () => AppError.invalidField(key, "Use a date YYYY-MM-DD, { date, weeks } or { from, to }.");
  if (typeof raw === "string") {
    if (!isCalendarDate(raw)) throw bad();
    return weeksWindow(raw, weeks);
  }
  if (Array.isArray(raw)) {
    const [from, to] = raw;
    if (typeof from !== "string" || !isCalendarDate(from)) throw bad();
    return { from, to: typeof to === "string" && isCalendarDate(to) ? to : from };
  }
  if (raw && typeof raw === "object") {
    const o = raw;
    if (typeof o.from === "string" && isCalendarDate(o.from)) {
      return { from: o.from, to: typeof o.to === "string" && isCalendarDate(o.to) ? o.to : o.from };
    }
    if (typeof o.date === "string" && isCalendarDate(o.date)) {
      return weeksWindow(
        o.date,
        typeof o.weeks === "number" && o.weeks > 0 ? Math.min(MAX_WEEKS, Math.floor(o.weeks)) : weeks
      );
    }
  }
  throw bad();
}
function toEngineRequest(body, now = /* @__PURE__ */ new Date()) {
  const input = body && typeof body === "object" ? { ...body } : {};
  const spec = {};
  for (const key of SPEC_FILTER_KEYS) {
    if (key in input) {
      spec[key] = input[key];
      delete input[key];
    }
  }
  const parsed = SpecTripFiltersSchema.safeParse(spec);
  if (!parsed.success) {
    const errors = {};
    for (const issue of parsed.error.issues) {
      const field2 = issue.path.join(".") || "body";
      errors[field2] = [...errors[field2] ?? [], issue.message];
    }
    throw AppError.validation(errors);
  }
  const s = parsed.data;
  const weeks = s.weeks ?? TRIPS_DEFAULT_WEEKS;
  const filters = { ...input.filters ?? {} };
  const put = (id, value) => {
    if (value !== void 0) filters[id] = value;
  };
  put("truck", listOf(s.selectTruck));
  put("trailer", listOf(s.selectTrailer));
  put("trailer_type", listOf(s.selectTrailerType));
  put("driver", listOf(s.selectDriver));
  put("customer", listOf(s.selectCustomer));
  put("broker_name", listOf(s.selectBrocker));
  put("dispatcher", listOf(s.selectDispatcher));
  const brokerNumber = Array.isArray(s.selectBrockerNum) ? s.selectBrockerNum[0] : s.selectBrockerNum;
  if (brokerNumber?.trim()) put("broker_number", { value: brokerNumber });
  if (s.selectId !== void 0) put("trip_ids", listOf([s.selectId].flat()));
  if (s.selectBol?.trim()) put("bol", { value: s.selectBol });
  put("billing", optionOf(s.selectBilling));
  put("invoice", optionOf(s.selectInvoiced));
  if (s.dateDelivery !== void 0 && s.dateDelivery !== null)
    put("delivery_datetime", specDate("dateDelivery", s.dateDelivery, weeks));
  if (s.datePU !== void 0 && s.datePU !== null) put("pick_up_datetime", specDate("datePU", s.datePU, weeks));
  if (!("delivery_datetime" in filters) && !("pick_up_datetime" in filters)) {
    put("delivery_datetime", weeksWindow(nowInCompanyTimeZone(now).date, weeks));
  }
  const out = { ...input, filters };
  if (s.limit !== void 0) out.limit = s.limit;
  if (s.pageNum !== void 0) out.page = s.pageNum;
  if (out.limit === void 0) out.limit = TRIPS_PAGE_SIZE;
  return out;
}
var MAX_WEEKS, listOf, optionOf;
var init_trips_filters = __esm({
  "src/modules/trips/trips.filters.ts"() {
    "use strict";
    init_formats();
    init_trips_contract();
    init_dates();
    init_errors2();
    MAX_WEEKS = 520;
    listOf = (values2) => values2?.length ? { values: values2 } : void 0;
    optionOf = (v) => v === void 0 ? void 0 : { value: v };
  }
});

// src/modules/trips/trips.list.ts
import { sql as sql6 } from "drizzle-orm";
function tripsScope(user) {
  const company = sql6`loads.company_id = ${user.companyId}`;
  const customer = user.customerId ? sql6` and loads.customer_id = ${user.customerId}` : sql6``;
  const seesAll = user.grants ? can(user.grants, { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS }) : false;
  return seesAll ? sql6`${company}${customer}` : sql6`${company}${customer} and loads.dispatcher_id = ${user.id}`;
}
function columns() {
  const routs = sql6`loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state`;
  const miles3 = sql6`(loads.mileage_loaded + loads.mileage_empty)`;
  return [
    { id: "trip_id", title: "Trip", sql: sql6`loads.trip_id`, filter: "number", footer: "unique", align: "left" },
    { id: "load_id", title: "Load", sql: sql6`loads.id`, filter: "number", footer: "count", align: "left" },
    {
      id: "routs",
      title: "Route",
      sql: routs,
      filter: "address",
      address: {
        1: { state: sql6`loads.pickup_state`, city: sql6`loads.pickup_city` },
        2: { state: sql6`loads.delivery_state`, city: sql6`loads.delivery_city` }
      },
      sortSql: sql6`loads.pickup_state`,
      clip: 48
    },
    {
      id: "pick_up_datetime",
      title: "Pick up",
      sql: shown2(sql6`loads.pickup_at`),
      filterSql: sql6`loads.pickup_at`,
      sortSql: sql6`loads.pickup_at`,
      filter: "date",
      dateType: "timestamp"
    },
    {
      id: "delivery_datetime",
      title: "Delivery",
      sql: shown2(sql6`loads.delivery_at`),
      filterSql: sql6`loads.delivery_at`,
      sortSql: sql6`loads.delivery_at`,
      filter: "date",
      dateType: "timestamp"
    },
    {
      id: "customer",
      title: "Customer",
      sql: nameOf("customers", "name", "customer_id"),
      filterSql: sql6`loads.customer_id`,
      filter: "list",
      search: true,
      clip: 28
    },
    {
      id: "broker_name",
      title: "Broker",
      sql: nameOf("brokers", "name", "broker_id"),
      filterSql: sql6`loads.broker_id`,
      filter: "list",
      search: true,
      clip: 28
    },
    {
      id: "broker_number",
      title: "Broker #",
      sql: sql6`loads.broker_number`,
      filter: "note",
      search: true
    },
    { id: "gross", title: "Gross", sql: sql6`loads.gross_cents`, filter: "number", footer: "sum", dollar: true },
    {
      id: "dispatcher",
      title: "Dispatcher",
      sql: nameOf("users", "name", "dispatcher_id"),
      filterSql: sql6`loads.dispatcher_id`,
      filter: "list"
    },
    { id: "bol", title: "BOL", sql: sql6`loads.bol`, filter: "note", search: true },
    {
      id: "invoice",
      title: "Invoice",
      sql: yesNo(sql6`loads.customer_invoice_id is not null`, "Exist", "Not exist"),
      filterSql: sql6`loads.customer_invoice_id is not null`,
      filter: "options"
    },
    {
      id: "factoring",
      title: "Factoring",
      sql: yesNo(sql6`loads.factoring`, "Yes", "No"),
      filterSql: sql6`loads.factoring`,
      filter: "options"
    },
    {
      id: "ppw_url",
      title: "PPW",
      sql: yesNo(sql6`loads.ppw = 1`, "PPW exist", "PPW not exist"),
      filterSql: sql6`loads.ppw = 1`,
      filter: "options"
    },
    {
      id: "rpm",
      title: "RPM",
      sql: sql6`round(loads.gross_cents / 100.0 / nullif(${miles3}, 0), 2)::float8`,
      filter: "number",
      align: "right",
      exportKind: "number"
    },
    { id: "mileage_total", title: "Total miles", sql: miles3, filter: "number", footer: "sum", miles: true },
    {
      id: "pick_up_mileage",
      title: "Loaded miles",
      sql: sql6`loads.mileage_loaded`,
      filter: "number",
      footer: "sum",
      miles: true
    },
    {
      id: "mileage_empty",
      title: "Empty miles",
      sql: sql6`loads.mileage_empty`,
      filter: "number",
      footer: "sum",
      miles: true
    },
    {
      id: "created_at",
      title: "Created",
      sql: shown2(sql6`loads.created_at`),
      filterSql: sql6`loads.created_at`,
      sortSql: sql6`loads.created_at`,
      filter: "date",
      dateType: "timestamp",
      hidden: true
    },
    {
      id: "customer_invoice",
      title: "Customer invoice",
      sql: sql6`loads.customer_invoice_id`,
      filter: "number",
      hidden: true,
      align: "left"
    },
    {
      id: "dispatcher_statement",
      title: "Dispatcher statement",
      sql: sql6`loads.dispatcher_statement_id`,
      filter: "number",
      hidden: true,
      align: "left"
    },
    { id: "ai_status", title: "AI status", sql: sql6`loads.ai_status`, filter: "list", hidden: true },
    {
      id: "truck",
      title: "Truck",
      sql: nameOf("trucks", "truck_number", "truck_id"),
      filterSql: sql6`loads.truck_id`,
      filter: "list",
      hidden: true
    },
    {
      id: "trailer",
      title: "Trailer",
      sql: nameOf("trailers", "trailer_number", "trailer_id"),
      filterSql: sql6`loads.trailer_id`,
      filter: "list",
      hidden: true
    },
    {
      id: "trailer_type",
      title: "Trailer type",
      sql: sql6`(select tt.name from trailers tl join trailer_types tt on tt.id = tl.trailer_type_id where tl.id = loads.trailer_id)`,
      filterSql: sql6`(select tl.trailer_type_id from trailers tl where tl.id = loads.trailer_id)`,
      filter: "list",
      hidden: true
    },
    {
      id: "driver",
      title: "Driver",
      sql: nameOf("drivers", "name", "driver_id"),
      filterSql: sql6`loads.driver_id`,
      filter: "list",
      hidden: true
    },
    { id: "billing", title: "Billing", sql: sql6`loads.billing`, filter: "options", data: true },
    // selectId of the spec (several trip ids); options are not offered for it.
    { id: "trip_ids", title: "Trips", sql: sql6`loads.trip_id`, filter: "list", options: none, data: true },
    { id: "ppw", title: "PPW flag", sql: sql6`loads.ppw`, data: true },
    {
      id: "trip_loads",
      title: "Loads in trip",
      sql: sql6`(select count(*)::int from loads l2 where l2.trip_id = loads.trip_id)`,
      data: true
    },
    {
      id: "trip_highlight",
      title: "New notes",
      sql: sql6`exists (select 1 from trip_notes n where n.trip_id = loads.trip_id and n.status in ('new', 'edit'))`,
      data: true
    }
  ];
}
function withOptions(cols, user) {
  const opts = {
    customer: companyOptions("customers", "name")(user),
    broker_name: companyOptions("brokers", "name")(user),
    truck: companyOptions("trucks", "truck_number")(user),
    trailer: companyOptions("trailers", "trailer_number")(user),
    trailer_type: companyOptions("trailer_types", "name")(user),
    driver: companyOptions("drivers", "name")(user),
    dispatcher: sql6`select u.id as value, u.name as label from users u left join departments d on d.id = u.department_id
      where u.company_id = ${user.companyId} and (d.name = 'Dispatch' or u.role = 2) order by 2`,
    ai_status: sql6`select v as value, v as label from (values ('extracted'), ('confirmed')) x(v)`
  };
  return cols.map((c) => opts[c.id] ? { ...c, options: opts[c.id] } : c);
}
function makeList(key, title) {
  return defineList({
    key,
    title,
    section: SECTION.Trips,
    from: sql6`loads`,
    rowKey: sql6`loads.id`,
    base: tripsScope,
    defaultSort: { sort: "delivery_datetime", order: "desc" },
    columns: COLUMNS,
    search: SEARCH
  });
}
var TZ2, shown2, yesNo, none, nameOf, companyOptions, COLUMNS, idIn, SEARCH, tripsList, loadsList, tripsListFor;
var init_trips_list = __esm({
  "src/modules/trips/trips.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    TZ2 = "America/Chicago";
    shown2 = (expr) => sql6`to_char(${expr} at time zone ${TZ2}, 'YYYY-MM-DD HH24:MI')`;
    yesNo = (expr, yes, no) => sql6`case when ${expr} then ${yes} else ${no} end`;
    none = sql6`select null::int as value, null::text as label where false`;
    nameOf = (table, column, id) => sql6.raw(`(select ${table}.${column} from ${table} where ${table}.id = loads.${id})`);
    companyOptions = (table, label) => (user) => sql6`select id as value, ${sql6.raw(label)} as label from ${sql6.raw(table)} where company_id = ${user.companyId} order by 2 limit 1000`;
    COLUMNS = columns();
    idIn = (text31) => /^\d{1,9}$/.test(text31) ? Number(text31) : null;
    SEARCH = [
      {
        label: "Stop city or state",
        where: (pattern, text31) => sql6`exists (select 1 from load_stops s where s.load_id = loads.id and (lower(s.city) like ${pattern} or lower(s.state) = ${text31} or lower(s.city || ', ' || s.state) like ${pattern}))`
      },
      {
        label: "Load #",
        where: (_, text31) => idIn(text31) === null ? sql6`false` : sql6`loads.id = ${idIn(text31)}`
      },
      {
        label: "Trip #",
        where: (_, text31) => idIn(text31) === null ? sql6`false` : sql6`loads.trip_id = ${idIn(text31)}`
      },
      {
        label: "Invoice #",
        where: (_, text31) => idIn(text31) === null ? sql6`false` : sql6`loads.customer_invoice_id = ${idIn(text31)}`
      }
    ];
    tripsList = makeList("trips", "Trips");
    loadsList = makeList("loads", "Loads");
    tripsListFor = (def, user) => ({
      ...def,
      columns: withOptions([...def.columns], user)
    });
  }
});

// src/platform/mail/templates.ts
function render(opts) {
  const blocks = [...opts.blocks, ...opts.signature ? [opts.signature] : []];
  const text31 = [opts.greeting, "", ...blocks.flatMap((b) => [typeof b === "string" ? b : b.link, ""])].join("\n").trimEnd();
  const html = [
    `<p>${escapeHtml(opts.greeting)}</p>`,
    ...blocks.map(
      (b) => typeof b === "string" ? `<p>${escapeHtml(b)}</p>` : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`
    )
  ].join("");
  return { subject: opts.subject, text: text31, html, template: opts.template };
}
function defineMailTemplate(name, build, opts = {}) {
  if (TEMPLATES.has(name)) throw new Error(`Mail template "${name}" is defined twice`);
  TEMPLATES.set(name, { secret: opts.secret ?? false });
  return (params) => render({ template: name, ...build(params) });
}
var escapeHtml, hello, signed, TEMPLATES, isSecretTemplate, reportMail, testMail;
var init_templates = __esm({
  "src/platform/mail/templates.ts"() {
    "use strict";
    escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
    hello = (name) => name ? `Hello ${name},` : "Hello,";
    signed = (company) => `Best regards,
${company}`;
    TEMPLATES = /* @__PURE__ */ new Map();
    isSecretTemplate = (name) => TEMPLATES.get(name)?.secret === true;
    reportMail = defineMailTemplate(
      "report",
      (opts) => ({
        subject: `${opts.report} \u2014 ${opts.period}`,
        greeting: hello(opts.recipient),
        blocks: [`Please find attached the ${opts.report.toLowerCase()} for ${opts.period}.`],
        signature: signed(opts.company)
      })
    );
    testMail = defineMailTemplate("test", (opts) => ({
      subject: "Backhaul test mail",
      greeting: hello(null),
      blocks: [`This is a test message sent by ${opts.sender} at ${opts.at}. If you can read it, mail delivery works.`]
    }));
  }
});

// src/modules/trips/trips.mail.ts
var ppwMail;
var init_trips_mail = __esm({
  "src/modules/trips/trips.mail.ts"() {
    "use strict";
    init_templates();
    ppwMail = defineMailTemplate(
      "ppw",
      (opts) => ({
        subject: `Paperwork for load ${opts.loadId}`,
        greeting: hello(opts.recipient),
        blocks: [`Please find attached the paperwork (PPW) for load ${opts.loadId}.`],
        signature: signed(opts.company)
      })
    );
  }
});

// src/modules/trips/trips.service.ts
import { and as and3, eq as eq3, sql as sql7 } from "drizzle-orm";
async function rowsOf2(db, query) {
  return (await db.execute(query)).rows;
}
async function findTrip(db, auth, id) {
  const [trip] = await db.select().from(trips).where(and3(eq3(trips.id, id), eq3(trips.companyId, auth.user.companyId)));
  if (!trip) throw AppError.notFound();
  if (!seesAllTrips(auth) && trip.dispatcherId !== auth.user.id) throw AppError.notFound();
  if (auth.user.customerId && trip.customerId !== auth.user.customerId) throw AppError.notFound();
  return trip;
}
async function findLoad(db, auth, id) {
  const [load] = await db.select().from(loads).where(and3(eq3(loads.id, id), eq3(loads.companyId, auth.user.companyId)));
  if (!load) throw AppError.notFound();
  await findTrip(db, auth, load.tripId);
  return load;
}
async function syncTripLoads(tx, tripId) {
  await tx.execute(sql7`
    update loads set
      customer_id = t.customer_id, truck_id = t.truck_id, trailer_id = t.trailer_id,
      driver_id = t.driver_id, dispatcher_id = t.dispatcher_id, updated_at = now(),
      (pickup_at, pickup_city, pickup_state) = (
        select s.at, s.city, s.state from load_stops s where s.load_id = loads.id and s.type = 1
        order by s.position limit 1),
      (delivery_at, delivery_city, delivery_state) = (
        select s.at, s.city, s.state from load_stops s where s.load_id = loads.id and s.type = 2
        order by s.position desc limit 1)
    from trips t where t.id = loads.trip_id and loads.trip_id = ${tripId}`);
}
async function checkReferences(db, auth, form, brokerIds) {
  const c = auth.user.companyId;
  const exists = (table, id) => id ? sql7`exists (select 1 from ${sql7.raw(table)} where id = ${id} and company_id = ${c})` : sql7`true`;
  const brokers2 = brokerIds.length ? sql7`(select count(*) from brokers where company_id = ${c} and id in (${sql7.join(
    brokerIds.map((b) => sql7`${b}`),
    sql7`, `
  )})) = ${new Set(brokerIds).size}` : sql7`true`;
  const [row] = await rowsOf2(
    db,
    sql7`select ${exists("customers", form.customer_id)} as customer_id, ${exists("trucks", form.truck_id)} as truck_id,
      ${exists("trailers", form.trailer_id)} as trailer_id, ${exists("drivers", form.driver_id)} as driver_id,
      ${exists("users", form.dispatcher_id)} as dispatcher_id, ${brokers2} as broker_id`
  );
  const errors = {};
  for (const [field2, ok] of Object.entries(row ?? {})) {
    if (!ok) errors[field2 === "broker_id" ? "loads.broker_id" : field2] = ["The selected value is invalid."];
  }
  if (form.dispatcher_id && !seesAllTrips(auth) && form.dispatcher_id !== auth.user.id) {
    errors.dispatcher_id = ["You can only dispatch your own trips."];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}
async function writeStops(tx, loadId, stops) {
  await tx.delete(loadStops).where(eq3(loadStops.loadId, loadId));
  const position = { 1: 0, 2: 0 };
  const values2 = stops.map((s) => ({
    loadId,
    type: s.type,
    position: ++position[s.type],
    cityId: s.city_id,
    city: s.city,
    state: s.state,
    zip: s.zip || null,
    address: s.address || null,
    at: stopAt(s.at)
  }));
  if (values2.length) await tx.insert(loadStops).values(values2);
}
async function writeLoad(tx, auth, tripId, form, position) {
  if (form.load_id) {
    const [updated] = await tx.update(loads).set({ ...loadColumns(form), position, updatedAt: /* @__PURE__ */ new Date() }).where(and3(eq3(loads.id, form.load_id), eq3(loads.tripId, tripId), eq3(loads.companyId, auth.user.companyId))).returning({ id: loads.id });
    if (!updated) throw AppError.invalidField("loads.load_id", "This load is not part of the trip.");
    await writeStops(tx, updated.id, form.stops);
    return updated.id;
  }
  const [created] = await tx.insert(loads).values({ companyId: auth.user.companyId, tripId, position, createdBy: auth.user.id, ...loadColumns(form) }).returning({ id: loads.id });
  if (!created) throw new AppError("internal", "Load not created");
  await writeStops(tx, created.id, form.stops);
  return created.id;
}
async function publish(live, auth, id, action) {
  await live.publish(auth.user.companyId, { topic: "trips", id, action }).catch(() => {
  });
}
async function saveTrip(db, live, auth, tripId, form) {
  const before = tripId ? await getTrip(db, auth, tripId) : null;
  await checkReferences(
    db,
    auth,
    form,
    form.loads.flatMap((l) => l.broker_id ? [l.broker_id] : [])
  );
  const id = await db.transaction(async (tx) => {
    let id2 = tripId;
    if (id2) {
      await tx.update(trips).set({ ...tripColumns(form), updatedAt: /* @__PURE__ */ new Date() }).where(eq3(trips.id, id2));
    } else {
      const [created] = await tx.insert(trips).values({ companyId: auth.user.companyId, createdBy: auth.user.id, ...tripColumns(form) }).returning({ id: trips.id });
      if (!created) throw new AppError("internal", "Trip not created");
      id2 = created.id;
    }
    let position = 0;
    for (const load of form.loads) await writeLoad(tx, auth, id2, load, ++position);
    await syncTripLoads(tx, id2);
    const after = await tripDetail(tx, auth, id2);
    await writeAudit(tx, {
      actor: actorOf(auth),
      entity: "trip",
      entityId: id2,
      action: tripId ? "update" : "create",
      before,
      after
    });
    return id2;
  });
  await publish(live, auth, id, tripId ? "updated" : "created");
  return getTrip(db, auth, id);
}
async function addLoad(db, live, auth, tripId, form) {
  const trip = await findTrip(db, auth, tripId);
  await checkReferences(db, auth, {}, form.broker_id ? [form.broker_id] : []);
  const loadId = await db.transaction(async (tx) => {
    const [last] = await rowsOf2(
      tx,
      sql7`select coalesce(max(position), 0)::int as n from loads where trip_id = ${trip.id}`
    );
    const id = await writeLoad(tx, auth, trip.id, { ...form, load_id: null }, (last?.n ?? 0) + 1);
    await syncTripLoads(tx, trip.id);
    const after = await loadDetails(tx, [id]);
    await writeAudit(tx, { actor: actorOf(auth), entity: "load", entityId: id, action: "create", after });
    return id;
  });
  await publish(live, auth, trip.id, "updated");
  return { load_id: loadId, trip_id: trip.id };
}
async function updateLoad(db, live, auth, loadId, form) {
  const load = await findLoad(db, auth, loadId);
  await checkReferences(db, auth, {}, form.broker_id ? [form.broker_id] : []);
  const before = await loadDetails(db, [loadId]);
  await db.transaction(async (tx) => {
    await writeLoad(tx, auth, load.tripId, { ...form, load_id: loadId }, load.position);
    await syncTripLoads(tx, load.tripId);
    const after = await loadDetails(tx, [loadId]);
    await writeAudit(tx, { actor: actorOf(auth), entity: "load", entityId: loadId, action: "update", before, after });
  });
  await publish(live, auth, load.tripId, "updated");
  return { load_id: loadId, trip_id: load.tripId };
}
async function deleteLoad(db, live, auth, loadId) {
  const load = await findLoad(db, auth, loadId);
  const [count] = await rowsOf2(
    db,
    sql7`select count(*)::int as n from loads where trip_id = ${load.tripId}`
  );
  if ((count?.n ?? 0) <= 1) throw AppError.precondition("A trip keeps at least one load: delete the trip instead.");
  const before = await loadDetails(db, [loadId]);
  await db.transaction(async (tx) => {
    await tx.delete(loads).where(eq3(loads.id, loadId));
    await writeAudit(tx, { actor: actorOf(auth), entity: "load", entityId: loadId, action: "delete", before });
  });
  await publish(live, auth, load.tripId, "updated");
}
async function deleteTrip(db, live, auth, tripId) {
  const before = await getTrip(db, auth, tripId);
  await db.transaction(async (tx) => {
    await tx.delete(trips).where(eq3(trips.id, tripId));
    await writeAudit(tx, { actor: actorOf(auth), entity: "trip", entityId: tripId, action: "delete", before });
  });
  await publish(live, auth, tripId, "deleted");
}
async function connectTrips(db, live, auth, body) {
  if (body.trip_id === body.connected_trip_id)
    throw AppError.invalidField("connected_trip_id", "A trip cannot be connected to itself.");
  await findTrip(db, auth, body.trip_id);
  await findTrip(db, auth, body.connected_trip_id);
  const [a, b] = [body.trip_id, body.connected_trip_id].sort((x, y) => x - y);
  await db.transaction(async (tx) => {
    if (body.connect) {
      await tx.insert(tripConnections).values({ tripId: a, connectedTripId: b, createdBy: auth.user.id }).onConflictDoNothing();
    } else {
      await tx.delete(tripConnections).where(and3(eq3(tripConnections.tripId, a), eq3(tripConnections.connectedTripId, b)));
    }
    await writeAudit(tx, {
      actor: actorOf(auth),
      entity: "trip_connection",
      entityId: `${a}-${b}`,
      action: body.connect ? "create" : "delete"
    });
  });
  await publish(live, auth, body.trip_id, "updated");
  return connectionsOf(db, body.trip_id);
}
async function addNote(db, live, auth, tripId, text31) {
  await findTrip(db, auth, tripId);
  await db.transaction(async (tx) => {
    const [note2] = await tx.insert(tripNotes).values({ tripId, text: text31, createdBy: auth.user.id }).returning();
    await writeAudit(tx, {
      actor: actorOf(auth),
      entity: "trip_note",
      entityId: note2?.id ?? 0,
      action: "create",
      after: note2
    });
  });
  await publish(live, auth, tripId, "updated");
  return getTrip(db, auth, tripId);
}
async function connectionsOf(db, tripId) {
  return rowsOf2(
    db,
    sql7`select c.other as trip_id, (select l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state
        from loads l where l.trip_id = c.other order by l.position limit 1) as routs
      from (select connected_trip_id as other from trip_connections where trip_id = ${tripId}
            union select trip_id from trip_connections where connected_trip_id = ${tripId}) c order by 1`
  );
}
async function loadDetails(db, ids2) {
  if (!ids2.length) return [];
  const idList = sql7.join(
    ids2.map((i) => sql7`${i}`),
    sql7`, `
  );
  const [rows, stops] = await Promise.all([
    rowsOf2(
      db,
      sql7`select l.id as load_id, l.trip_id, l.position, l.broker_id, b.name as broker_name,
        coalesce(l.broker_number, '') as broker_number, coalesce(l.bol, '') as bol, l.gross_cents,
        l.factoring, l.mileage_loaded, l.mileage_empty, l.ppw, l.ppw_created_by,
        to_char(l.ppw_date at time zone ${TZ3}, 'YYYY-MM-DD HH24:MI') as ppw_date, l.billing,
        l.customer_invoice_id, l.ai_status,
        l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state as routs
      from loads l left join brokers b on b.id = l.broker_id where l.id in (${idList}) order by l.trip_id, l.position, l.id`
    ),
    rowsOf2(
      db,
      sql7`select id, load_id, type, position, city_id, city, state, coalesce(zip, '') as zip,
        coalesce(address, '') as address, to_char(at at time zone ${TZ3}, 'YYYY-MM-DD HH24:MI') as at
      from load_stops where load_id in (${idList}) order by load_id, type, position`
    )
  ]);
  return rows.map((r) => {
    const gross = Number(r.gross_cents) / 100;
    const miles3 = Number(r.mileage_loaded) + Number(r.mileage_empty);
    const own = stops.filter((s) => s.load_id === r.load_id).map(({ load_id: _, ...s }) => s);
    return {
      load_id: Number(r.load_id),
      trip_id: Number(r.trip_id),
      position: Number(r.position),
      broker_id: r.broker_id ?? null,
      broker_name: r.broker_name ?? null,
      broker_number: String(r.broker_number),
      bol: String(r.bol),
      gross,
      factoring: Boolean(r.factoring),
      mileage_loaded: Number(r.mileage_loaded),
      mileage_empty: Number(r.mileage_empty),
      rpm: miles3 ? Math.round(gross / miles3 * 100) / 100 : null,
      ppw: Number(r.ppw),
      ppw_created_by: r.ppw_created_by ?? null,
      ppw_date: r.ppw_date ?? null,
      billing: Boolean(r.billing),
      customer_invoice_id: r.customer_invoice_id ?? null,
      ai_status: r.ai_status ?? null,
      routs: r.routs ?? null,
      locations_pickup: own.filter((s) => s.type === 1),
      locations_delivery: own.filter((s) => s.type === 2)
    };
  });
}
async function tripDetail(db, auth, id) {
  const [trip] = await rowsOf2(
    db,
    sql7`select t.id, t.truck_id, t.trailer_id, t.driver_id, t.customer_id, t.dispatcher_id, coalesce(t.notes, '') as notes,
      to_char(t.created_at at time zone ${TZ3}, 'YYYY-MM-DD HH24:MI') as created_at,
      tr.truck_number as truck, tl.trailer_number as trailer, d.name as driver, c.name as customer, u.name as dispatcher
    from trips t left join trucks tr on tr.id = t.truck_id left join trailers tl on tl.id = t.trailer_id
      left join drivers d on d.id = t.driver_id left join customers c on c.id = t.customer_id
      left join users u on u.id = t.dispatcher_id
    where t.id = ${id} and t.company_id = ${auth.user.companyId}`
  );
  if (!trip) throw AppError.notFound();
  const loadIds = (await db.select({ id: loads.id }).from(loads).where(eq3(loads.tripId, id)).orderBy(loads.position, loads.id)).map((r) => r.id);
  const [loadRows, files2, notes, connections] = await Promise.all([
    loadDetails(db, loadIds),
    tripFiles(db, auth, loadIds),
    rowsOf2(
      db,
      sql7`select n.id, n.text, n.status, u.name as created_by,
        to_char(n.created_at at time zone ${TZ3}, 'YYYY-MM-DD HH24:MI') as created_at
      from trip_notes n left join users u on u.id = n.created_by where n.trip_id = ${id} order by n.id desc`
    ),
    connectionsOf(db, id)
  ]);
  const text31 = (k) => trip[k] ?? null;
  const num = (k) => trip[k] ?? null;
  return {
    trip_id: Number(trip.id),
    truck_id: num("truck_id"),
    trailer_id: num("trailer_id"),
    driver_id: num("driver_id"),
    customer_id: num("customer_id"),
    dispatcher_id: num("dispatcher_id"),
    truck: text31("truck"),
    trailer: text31("trailer"),
    driver: text31("driver"),
    customer: text31("customer"),
    dispatcher: text31("dispatcher"),
    notes: String(trip.notes),
    created_at: String(trip.created_at),
    loads: loadRows,
    files: files2,
    notes_rows: notes,
    connections
  };
}
async function tripFiles(db, auth, loadIds) {
  if (!loadIds.length) return [];
  const rows = await rowsOf2(
    db,
    sql7`select id, entity_id, category, original_name, mime, to_char(created_at at time zone ${TZ3}, 'YYYY-MM-DD HH24:MI') as created_at,
      created_at > now() - make_interval(days => ${NEW_FILE_DAYS}) as fresh
    from files where company_id = ${auth.user.companyId} and entity = 'loads'
      and entity_id in (${sql7.join(
      loadIds.map((i) => sql7`${String(i)}`),
      sql7`, `
    )}) order by id desc`
  );
  const previewable = /^(image\/(png|jpeg|bmp|gif)|application\/pdf)$/;
  return rows.map((f) => ({
    id: Number(f.id),
    load_id: Number(f.entity_id),
    category: f.category,
    name: f.original_name,
    mime: f.mime,
    url: `/api/files/${f.id}/download`,
    preview_url: previewable.test(f.mime) ? `/api/files/${f.id}/preview` : null,
    created_at: f.created_at,
    status: f.fresh ? "new" : "seen"
  }));
}
async function getTrip(db, auth, id) {
  await findTrip(db, auth, id);
  return tripDetail(db, auth, id);
}
function changedFields(before, after) {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return [];
  const b = before;
  const a = after;
  return [.../* @__PURE__ */ new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !["updated_at", "updatedAt"].includes(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k])).sort();
}
async function getTripDetailView(db, auth, id) {
  const trip = await getTrip(db, auth, id);
  const loadIds = trip.loads.map((l) => l.load_id);
  const ids2 = (values2) => values2.length ? sql7.join(
    values2.map((v) => sql7`${v}`),
    sql7`, `
  ) : sql7`null`;
  const invoiceIds = [...new Set(trip.loads.map((l) => l.customer_invoice_id).filter((v) => v !== null))];
  const c = auth.user.companyId;
  const [invoices3, payments2, history2] = await Promise.all([
    rowsOf2(
      db,
      sql7`select i.id, i.status, i.period_from::text as "from", i.period_to::text as "to", i.total_cents, i.paid_cents,
        i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents as due_cents,
        (select max(s.sent_at) from invoice_sends s where s.invoice_id = i.id) as sent_at
        from invoices i where i.company_id = ${c} and i.id in (${ids2(invoiceIds)})`
    ),
    rowsOf2(
      db,
      sql7`select p.id, p.invoice_id, p.paid_on::text as paid_on, p.amount_cents, p.method from payments p
        where p.company_id = ${c} and p.invoice_id in (${ids2(invoiceIds)}) order by p.paid_on desc, p.id desc`
    ),
    rowsOf2(
      db,
      sql7`select a.at, u.name as user, a.entity, a.entity_id, a.action, a.before, a.after from audit_log a
        left join users u on u.id = a.user_id
        where a.company_id = ${c} and (
          (a.entity = 'trip' and a.entity_id = ${String(id)})
          or (a.entity = 'load' and a.entity_id in (${sql7.join(
        [...loadIds.map((l) => sql7`${String(l)}`), sql7`''`],
        sql7`, `
      )}))
          or (a.entity = 'trip_note' and coalesce(a.after, a.before)->>'tripId' = ${String(id)})
          or (a.entity = 'trip_connection' and (a.entity_id like ${`${id}-%`} or a.entity_id like ${`%-${id}`})))
        order by a.at desc, a.id desc limit ${HISTORY_LIMIT}`
    )
  ]);
  const invoiceById = new Map(invoices3.map((i) => [Number(i.id), i]));
  const dollars4 = (v) => Number(v ?? 0) / 100;
  const iso2 = (v) => v instanceof Date ? v.toISOString() : v === null || v === void 0 ? null : String(v);
  return {
    trip,
    money: trip.loads.map((l) => {
      const inv2 = l.customer_invoice_id === null ? void 0 : invoiceById.get(l.customer_invoice_id);
      return {
        load_id: l.load_id,
        billing: l.billing,
        ppw: l.ppw === 1,
        invoice: inv2 ? {
          id: Number(inv2.id),
          status: String(inv2.status),
          from: String(inv2.from),
          to: String(inv2.to),
          total: dollars4(inv2.total_cents),
          paid: dollars4(inv2.paid_cents),
          due: dollars4(inv2.due_cents),
          sent_at: iso2(inv2.sent_at)
        } : null
      };
    }),
    payments: payments2.map((p) => ({
      id: Number(p.id),
      invoice_id: Number(p.invoice_id),
      paid_on: String(p.paid_on),
      amount: dollars4(p.amount_cents),
      method: String(p.method)
    })),
    history: history2.map((h) => ({
      at: iso2(h.at) ?? "",
      user: h.user === null ? null : String(h.user),
      entity: String(h.entity),
      entity_id: String(h.entity_id),
      action: String(h.action),
      fields: h.action === "update" ? changedFields(h.before, h.after) : []
    }))
  };
}
async function tripFilters(db, auth) {
  const c = auth.user.companyId;
  const q = (query) => rowsOf2(db, query);
  const [trucks2, trailers2, trailerTypes2, drivers2, customers2, dispatchers, brokers2] = await Promise.all([
    rowsOf2(
      db,
      sql7`select id as value, truck_number as label, trailer_id, driver_id from trucks
        where company_id = ${c} and status = 'active' order by truck_number`
    ),
    q(sql7`select id as value, trailer_number as label from trailers where company_id = ${c} order by trailer_number`),
    q(sql7`select id as value, name as label from trailer_types where company_id = ${c} order by name`),
    q(sql7`select id as value, name as label from drivers where company_id = ${c} order by name`),
    q(sql7`select id as value, name as label from customers where company_id = ${c} order by name`),
    q(sql7`select u.id as value, u.name as label from users u left join departments d on d.id = u.department_id
      where u.company_id = ${c} and u.active and (d.name = 'Dispatch' or u.role = 2) order by u.name`),
    q(sql7`select id as value, name as label from brokers where company_id = ${c} order by name limit 1000`)
  ]);
  const scopedDispatchers = seesAllTrips(auth) ? dispatchers : dispatchers.filter((d) => d.value === auth.user.id);
  return {
    trucks: trucks2,
    trailers: trailers2,
    trailer_types: trailerTypes2,
    drivers: drivers2,
    customers: customers2,
    dispatchers: scopedDispatchers.length ? scopedDispatchers : [{ value: auth.user.id, label: auth.user.name }],
    brokers: brokers2
  };
}
async function lookupLoads(db, auth, q) {
  const text31 = q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const numeric = /^\d{1,9}$/.test(q.search) ? Number(q.search) : null;
  const match = q.search ? sql7`and (${numeric !== null ? sql7`loads.id = ${numeric} or loads.trip_id = ${numeric} or ` : sql7``}
        loads.broker_number ilike ${`${text31}%`} or loads.bol ilike ${`${text31}%`})` : sql7``;
  return rowsOf2(
    db,
    sql7`select loads.id as load_id, loads.trip_id, loads.broker_number, loads.bol,
      loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state as routs
    from loads where ${tripsScope(auth.user)} ${match} order by loads.delivery_at desc nulls last, loads.id desc limit ${q.limit}`
  );
}
async function findLocation(db, q) {
  const where = q.zip ? sql7`(',' || replace(zip_codes, ' ', '') || ',') like ${`%,${q.zip},%`}` : sql7`lower(city) = lower(${q.city}) and state = ${q.state}`;
  const [row] = await rowsOf2(
    db,
    sql7`select id, city, state, zip_codes from cities where ${where} order by id limit 1`
  );
  if (!row) throw AppError.notFound("No city matches this location.");
  const zip2 = q.zip || row.zip_codes.split(",")[0]?.trim() || "";
  return { state_id: row.state, city_id: row.id, zip_code: zip2, city: row.city, state: row.state };
}
async function listStates(db) {
  const rows = await rowsOf2(db, sql7`select distinct state from cities order by state`);
  return rows.map((r) => ({ value: r.state, label: r.state }));
}
var TZ3, actorOf, seesAllTrips, stopAt, loadColumns, tripColumns, NEW_FILE_DAYS, HISTORY_LIMIT, loadInScope;
var init_trips_service = __esm({
  "src/modules/trips/trips.service.ts"() {
    "use strict";
    init_src();
    init_audit();
    init_errors2();
    init_loads_table();
    init_trips_list();
    init_trips_table();
    TZ3 = "America/Chicago";
    actorOf = (auth) => ({ id: auth.user.id, companyId: auth.user.companyId });
    seesAllTrips = (auth) => can(auth.grants, { section: SECTION.Trips, action: EXTRA_ACTION.VIEW_ALL_TRIPS });
    stopAt = (at) => at ? sql7`(${at.length === 10 ? `${at} 00:00` : at})::timestamp at time zone ${TZ3}` : null;
    loadColumns = (form) => ({
      brokerId: form.broker_id,
      brokerNumber: form.broker_number || null,
      bol: form.bol || null,
      grossCents: form.gross,
      factoring: form.factoring,
      mileageLoaded: form.mileage_loaded,
      mileageEmpty: form.mileage_empty,
      aiStatus: form.ai_status
    });
    tripColumns = (form) => ({
      customerId: form.customer_id,
      truckId: form.truck_id,
      trailerId: form.trailer_id,
      driverId: form.driver_id,
      dispatcherId: form.dispatcher_id,
      notes: form.notes || null
    });
    NEW_FILE_DAYS = 2;
    HISTORY_LIMIT = 200;
    loadInScope = (db, auth, loadId) => findLoad(db, auth, loadId);
  }
});

// src/modules/trips/index.ts
var init_trips = __esm({
  "src/modules/trips/index.ts"() {
    "use strict";
    init_loads_table();
    init_trips_filters();
    init_trips_list();
    init_trips_mail();
    init_trips_service();
    init_trips_table();
  }
});

// src/modules/billing/billing.table.ts
import { integer as integer7, pgTable as pgTable7, serial as serial6, timestamp as timestamp7, uniqueIndex as uniqueIndex3 } from "drizzle-orm/pg-core";
var billings;
var init_billing_table = __esm({
  "src/modules/billing/billing.table.ts"() {
    "use strict";
    billings = pgTable7(
      "billings",
      {
        id: serial6().primaryKey(),
        companyId: integer7().notNull(),
        loadId: integer7().notNull(),
        createdBy: integer7(),
        createdAt: timestamp7({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [uniqueIndex3("billings_load_uq").on(t.loadId)]
    );
  }
});

// src/modules/billing/billing.service.ts
import { and as and4, eq as eq4 } from "drizzle-orm";
async function lockLoad(tx, auth, loadId) {
  const [load] = await tx.select().from(loads).where(and4(eq4(loads.id, loadId), eq4(loads.companyId, auth.user.companyId))).for("update");
  if (!load || auth.user.customerId && load.customerId !== auth.user.customerId) throw AppError.notFound();
  return load;
}
async function createBilling(db, auth, loadId) {
  return db.transaction(async (tx) => {
    const load = await lockLoad(tx, auth, loadId);
    if (!load.deliveryAt || load.deliveryAt > /* @__PURE__ */ new Date())
      throw AppError.invalidField("load_id", INVOICE_MSG.billingNotDelivered);
    const [row] = await tx.insert(billings).values({ companyId: auth.user.companyId, loadId, createdBy: auth.user.id }).onConflictDoNothing().returning();
    if (!row) throw AppError.precondition(INVOICE_MSG.billingExists);
    await tx.update(loads).set({ billing: true, updatedAt: /* @__PURE__ */ new Date() }).where(eq4(loads.id, loadId));
    await writeAudit(tx, { actor: auth.user, entity: "billing", entityId: row.id, action: "create", after: row });
    return { id: row.id, load_id: row.loadId, created_at: row.createdAt.toISOString() };
  });
}
async function deleteBilling(db, auth, id) {
  await db.transaction(async (tx) => {
    const [billing] = await tx.select().from(billings).where(and4(eq4(billings.id, id), eq4(billings.companyId, auth.user.companyId)));
    if (!billing) throw AppError.notFound();
    const load = await lockLoad(tx, auth, billing.loadId);
    if (load.customerInvoiceId !== null) throw AppError.precondition(INVOICE_MSG.billingInvoiced);
    await tx.delete(billings).where(eq4(billings.id, id));
    await tx.update(loads).set({ billing: false, updatedAt: /* @__PURE__ */ new Date() }).where(eq4(loads.id, load.id));
    await writeAudit(tx, { actor: auth.user, entity: "billing", entityId: id, action: "delete", before: billing });
  });
  return { message: MSG.removalSuccess };
}
async function billingFiles(db, auth, loadId) {
  const [load] = await db.select({ id: loads.id, customerId: loads.customerId }).from(loads).where(and4(eq4(loads.id, loadId), eq4(loads.companyId, auth.user.companyId)));
  if (!load || auth.user.customerId && load.customerId !== auth.user.customerId) throw AppError.notFound();
  const files2 = await tripFiles(db, auth, [loadId]);
  return files2.map((f) => ({
    id: f.id,
    load_id: f.load_id,
    category: f.category,
    name: f.name,
    mime: f.mime,
    url: f.url,
    created_at: f.created_at
  }));
}
var init_billing_service = __esm({
  "src/modules/billing/billing.service.ts"() {
    "use strict";
    init_src();
    init_invoices_contract();
    init_audit();
    init_errors2();
    init_trips();
    init_billing_table();
  }
});

// src/modules/billing/billing.routes.ts
import { z as z11 } from "zod";
var IdParams, view, billingRoutes;
var init_billing_routes = __esm({
  "src/modules/billing/billing.routes.ts"() {
    "use strict";
    init_src();
    init_billing_contract();
    init_guard();
    init_list_routes();
    init_run_list();
    init_billing_list();
    init_billing_service();
    IdParams = z11.object({ id: z11.coerce.number().int().positive() });
    view = { section: SECTION.Billing, action: [ACTION.BILLING_VIEW, ACTION.BILLING_CREATE] };
    billingRoutes = {
      name: "billing",
      register(app2, { database: { db } }) {
        const tags = ["Billing"];
        app2.get("/billings", {
          config: { access: view },
          schema: { tags },
          handler: async (req) => {
            const { rows, filter, settings, ...rest } = await runList(db, billingList, caller(req).user, {});
            return { loads: rows, filters: filter, settings, ...rest };
          }
        });
        registerListRoute(app2, db, billingList, { url: "/billings/list", access: view, tags });
        app2.get("/billings/:id", {
          config: { access: view },
          schema: { tags, params: IdParams, response: { 200: BillingFilesResponseSchema } },
          handler: async (req) => ({ load_files: await billingFiles(db, caller(req), req.params.id) })
        });
        app2.post("/billing", {
          config: { access: { section: SECTION.Billing, action: ACTION.BILLING_CREATE } },
          schema: { tags, body: BillingCreateBodySchema, response: { 200: BillingSavedSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            billing: await createBilling(db, caller(req), req.body.load_id)
          })
        });
        app2.delete("/billing/:id", {
          config: { access: { section: SECTION.Billing, action: [ACTION.DELETE, ACTION.BILLING_CREATE] } },
          schema: { tags, params: IdParams, response: { 200: MessageBodySchema } },
          handler: async (req) => deleteBilling(db, caller(req), req.params.id)
        });
      }
    };
  }
});

// ../shared/src/modules/brokers/brokers.contract.ts
import { z as z12 } from "zod";
var BrokerRowSchema, optionalText, BrokerFormSchema, BrokerResponseSchema, BrokerSaveResponseSchema, BrokerLookupBodySchema, BrokerLookupResponseSchema;
var init_brokers_contract = __esm({
  "../shared/src/modules/brokers/brokers.contract.ts"() {
    "use strict";
    BrokerRowSchema = z12.object({
      broker_id: z12.number().int(),
      broker: z12.string(),
      mc_number: z12.string().nullable(),
      pa_street_1: z12.string().nullable(),
      pa_city: z12.string().nullable(),
      pa_state: z12.string().nullable(),
      pa_zip: z12.string().nullable(),
      email_address: z12.string().nullable(),
      local_phone: z12.string().nullable()
    });
    optionalText = (max, label) => z12.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);
    BrokerFormSchema = z12.object({
      broker: z12.string().trim().min(1, "The broker name is required.").max(160, "The broker name may not be greater than 160 characters."),
      mc_number: z12.string().trim().regex(/^(\d{4,8})?$/, "The MC number is 4 to 8 digits."),
      pa_street_1: optionalText(160, "street"),
      pa_city: optionalText(120, "city"),
      pa_state: z12.string().trim().toUpperCase().regex(/^([A-Z]{2})?$/, "The state is a two-letter code, e.g. TX."),
      pa_zip: z12.string().trim().regex(/^(\d{5})?$/, "The zip code is five digits."),
      email_address: z12.email("Enter a valid e-mail address.").or(z12.literal("")),
      local_phone: z12.string().transform((v) => {
        const digits = v.replace(/\D/g, "");
        return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
      }).pipe(z12.string().regex(/^([2-9]\d{9})?$/, "The phone is 10 digits and cannot start with 0 or 1."))
    });
    BrokerResponseSchema = z12.object({ broker: BrokerRowSchema });
    BrokerSaveResponseSchema = z12.object({ message: z12.string(), broker: BrokerRowSchema });
    BrokerLookupBodySchema = z12.object({
      search: z12.string().trim().max(120).default(""),
      limit: z12.number().int().min(1).max(100).default(20)
    });
    BrokerLookupResponseSchema = z12.object({ brokers: z12.array(BrokerRowSchema) });
  }
});

// src/modules/brokers/brokers.list.ts
import { sql as sql8 } from "drizzle-orm";
var brokersList;
var init_brokers_list = __esm({
  "src/modules/brokers/brokers.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    brokersList = defineList({
      key: "brokers",
      title: "Brokers",
      section: SECTION.Brokers,
      from: sql8`brokers`,
      rowKey: sql8`brokers.id`,
      base: (user) => sql8`brokers.company_id = ${user.companyId}`,
      defaultSort: { sort: "broker", order: "asc" },
      columns: [
        { id: "broker_id", title: "ID", sql: sql8`brokers.id`, filter: "number", footer: "count", align: "left" },
        { id: "broker", title: "Broker", sql: sql8`brokers.name`, filter: "note", search: true, clip: 40 },
        { id: "mc_number", title: "MC number", sql: sql8`brokers.mc_number`, filter: "note", search: true, hidden: true },
        { id: "pa_street_1", title: "Address", sql: sql8`brokers.pa_street_1`, filter: "note", search: true, clip: 36 },
        { id: "pa_city", title: "City", sql: sql8`brokers.pa_city`, filter: "note", hidden: true },
        { id: "pa_state", title: "State", sql: sql8`brokers.pa_state`, filter: "list", footer: "unique", hidden: true },
        { id: "pa_zip", title: "Zip", sql: sql8`brokers.pa_zip`, filter: "note", hidden: true },
        { id: "email_address", title: "E-mail", sql: sql8`brokers.email_address`, filter: "note", search: true },
        { id: "local_phone", title: "Phone", sql: sql8`brokers.local_phone`, filter: "note", search: true },
        {
          id: "created_at",
          title: "Added",
          sql: sql8`to_char(brokers.created_at at time zone 'America/Chicago', 'YYYY-MM-DD')`,
          filterSql: sql8`brokers.created_at`,
          sortSql: sql8`brokers.created_at`,
          filter: "date",
          dateType: "timestamp",
          hidden: true
        }
      ]
    });
  }
});

// src/modules/brokers/brokers.table.ts
import { index as index5, integer as integer8, pgTable as pgTable8, serial as serial7, text as text8, timestamp as timestamp8 } from "drizzle-orm/pg-core";
var brokers;
var init_brokers_table = __esm({
  "src/modules/brokers/brokers.table.ts"() {
    "use strict";
    init_companies_table();
    brokers = pgTable8(
      "brokers",
      {
        id: serial7().primaryKey(),
        companyId: integer8().notNull().references(() => companies.id),
        name: text8().notNull(),
        mcNumber: text8(),
        paStreet1: text8("pa_street_1"),
        paCity: text8(),
        paState: text8(),
        paZip: text8(),
        emailAddress: text8(),
        localPhone: text8(),
        createdAt: timestamp8({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp8({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [
        index5("brokers_company_name_idx").on(t.companyId, t.name),
        index5("brokers_company_id_idx").on(t.companyId, t.id)
      ]
    );
  }
});

// src/modules/brokers/brokers.service.ts
import { and as and5, asc, eq as eq5, ilike, or } from "drizzle-orm";
async function findBroker(db, user, id) {
  const [broker] = await db.select().from(brokers).where(and5(eq5(brokers.id, id), eq5(brokers.companyId, user.companyId)));
  if (!broker) throw AppError.notFound();
  return broker;
}
async function getBroker(db, user, id) {
  return toBrokerRow(await findBroker(db, user, id));
}
async function createBroker(db, user, form) {
  return db.transaction(async (tx) => {
    const [broker] = await tx.insert(brokers).values({ companyId: user.companyId, ...columnsOf(form) }).returning();
    if (!broker) throw new AppError("internal", "Broker not created");
    const row = toBrokerRow(broker);
    await writeAudit(tx, { actor: actorOf2(user), entity: "broker", entityId: broker.id, action: "create", after: row });
    return row;
  });
}
async function updateBroker(db, user, id, form) {
  const before = await findBroker(db, user, id);
  return db.transaction(async (tx) => {
    const [broker] = await tx.update(brokers).set({ ...columnsOf(form), updatedAt: /* @__PURE__ */ new Date() }).where(and5(eq5(brokers.id, id), eq5(brokers.companyId, user.companyId))).returning();
    if (!broker) throw AppError.notFound();
    const row = toBrokerRow(broker);
    await writeAudit(tx, {
      actor: actorOf2(user),
      entity: "broker",
      entityId: id,
      action: "update",
      before: toBrokerRow(before),
      after: row
    });
    return row;
  });
}
async function deleteBroker(db, user, id) {
  const before = await findBroker(db, user, id);
  await db.transaction(async (tx) => {
    await tx.delete(brokers).where(and5(eq5(brokers.id, id), eq5(brokers.companyId, user.companyId)));
    await writeAudit(tx, {
      actor: actorOf2(user),
      entity: "broker",
      entityId: id,
      action: "delete",
      before: toBrokerRow(before)
    });
  });
}
async function lookupBrokers(db, user, q) {
  const text31 = q.search.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db.select().from(brokers).where(
    and5(
      eq5(brokers.companyId, user.companyId),
      q.search ? or(ilike(brokers.name, `%${text31}%`), ilike(brokers.mcNumber, `${text31}%`)) : void 0
    )
  ).orderBy(asc(brokers.name)).limit(q.limit);
  return rows.map(toBrokerRow);
}
var toBrokerRow, actorOf2, blank, columnsOf;
var init_brokers_service = __esm({
  "src/modules/brokers/brokers.service.ts"() {
    "use strict";
    init_audit();
    init_errors2();
    init_brokers_table();
    toBrokerRow = (b) => ({
      broker_id: b.id,
      broker: b.name,
      mc_number: b.mcNumber,
      pa_street_1: b.paStreet1,
      pa_city: b.paCity,
      pa_state: b.paState,
      pa_zip: b.paZip,
      email_address: b.emailAddress,
      local_phone: b.localPhone
    });
    actorOf2 = (user) => ({ id: user.id, companyId: user.companyId });
    blank = (v) => v === "" ? null : v;
    columnsOf = (form) => ({
      name: form.broker,
      mcNumber: blank(form.mc_number),
      paStreet1: blank(form.pa_street_1),
      paCity: blank(form.pa_city),
      paState: blank(form.pa_state),
      paZip: blank(form.pa_zip),
      emailAddress: blank(form.email_address.toLowerCase()),
      localPhone: blank(form.local_phone)
    });
  }
});

// src/modules/brokers/brokers.routes.ts
import { z as z13 } from "zod";
var IdParams2, can2, brokersRoutes;
var init_brokers_routes = __esm({
  "src/modules/brokers/brokers.routes.ts"() {
    "use strict";
    init_src();
    init_brokers_contract();
    init_guard();
    init_list_routes();
    init_run_list();
    init_brokers_list();
    init_brokers_service();
    IdParams2 = z13.object({ id: z13.coerce.number().int().positive() });
    can2 = (action) => ({ section: SECTION.Brokers, ...action ? { action } : {} });
    brokersRoutes = {
      name: "brokers",
      register(app2, { database: { db } }) {
        const tags = ["Brokers"];
        for (const url of ["/brokers", "/brokers/list"]) {
          registerListRoute(app2, db, brokersList, { url, tags });
          app2.get(url, {
            config: { access: can2() },
            schema: { tags },
            handler: (req) => runList(db, brokersList, caller(req).user, {})
          });
        }
        app2.post("/filterBrockers", {
          config: { access: { anyOf: [can2(), { section: SECTION.Trips }, { section: SECTION.Billing }] } },
          schema: { tags, body: BrokerLookupBodySchema.optional(), response: { 200: BrokerLookupResponseSchema } },
          handler: async (req) => ({
            brokers: await lookupBrokers(db, caller(req).user, BrokerLookupBodySchema.parse(req.body ?? {}))
          })
        });
        app2.post("/broker/new", {
          config: { access: { anyOf: [can2(ACTION.CREATE), { section: SECTION.Trips, action: ACTION.ADD_NEW_BROKER }] } },
          schema: { tags, body: BrokerFormSchema, response: { 200: BrokerSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            broker: await createBroker(db, caller(req).user, req.body)
          })
        });
        app2.get("/brokers/:id", {
          config: { access: can2() },
          schema: { tags, params: IdParams2, response: { 200: BrokerResponseSchema } },
          handler: async (req) => ({ broker: await getBroker(db, caller(req).user, req.params.id) })
        });
        app2.post("/brokers/update/:id", {
          config: { access: can2(ACTION.EDIT) },
          schema: { tags, params: IdParams2, body: BrokerFormSchema, response: { 200: BrokerSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            broker: await updateBroker(db, caller(req).user, req.params.id, req.body)
          })
        });
        app2.delete("/brokers/:id", {
          config: { access: can2(ACTION.DELETE) },
          schema: { tags, params: IdParams2, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteBroker(db, caller(req).user, req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
      }
    };
  }
});

// ../shared/src/modules/cities/cities.contract.ts
import { z as z14 } from "zod";
var CityRowSchema, ZIP_LIST, CityFormSchema, CityResponseSchema, CitySaveResponseSchema, CityLookupBodySchema, CityLookupResponseSchema;
var init_cities_contract = __esm({
  "../shared/src/modules/cities/cities.contract.ts"() {
    "use strict";
    CityRowSchema = z14.object({
      id: z14.number().int(),
      city: z14.string(),
      zip_codes: z14.string(),
      state: z14.string()
    });
    ZIP_LIST = /^\s*\d{5}(\s*,\s*\d{5})*\s*$/;
    CityFormSchema = z14.object({
      city: z14.string().trim().min(1, "The city field is required.").max(120, "The city may not be greater than 120 characters."),
      state: z14.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "The state is a two-letter code, e.g. TX."),
      zip_codes: z14.string().trim().regex(ZIP_LIST, "Zip codes are five digits, separated by commas.").or(z14.literal(""))
    });
    CityResponseSchema = z14.object({ city: CityRowSchema });
    CitySaveResponseSchema = z14.object({ message: z14.string(), city: CityRowSchema });
    CityLookupBodySchema = z14.object({
      search: z14.string().trim().max(120).default(""),
      state: z14.string().trim().max(2).optional(),
      limit: z14.number().int().min(1).max(100).default(20)
    });
    CityLookupResponseSchema = z14.object({ cities: z14.array(CityRowSchema) });
  }
});

// src/modules/cities/cities.list.ts
import { sql as sql9 } from "drizzle-orm";
var citiesList;
var init_cities_list = __esm({
  "src/modules/cities/cities.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    citiesList = defineList({
      key: "cities",
      title: "Cities",
      section: SECTION.Cities,
      from: sql9`cities`,
      rowKey: sql9`cities.id`,
      base: () => void 0,
      defaultSort: { sort: "city", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql9`cities.id`, filter: "number", footer: "count", align: "left" },
        { id: "city", title: "City", sql: sql9`cities.city`, filter: "note", search: true },
        { id: "zip_codes", title: "Zip codes", sql: sql9`cities.zip_codes`, filter: "note", search: true, clip: 40 },
        { id: "state", title: "State", sql: sql9`cities.state`, filter: "list", footer: "unique", search: true }
      ]
    });
  }
});

// src/modules/cities/cities.table.ts
import { doublePrecision, index as index6, pgTable as pgTable9, serial as serial8, text as text9, timestamp as timestamp9, uniqueIndex as uniqueIndex4 } from "drizzle-orm/pg-core";
var cities;
var init_cities_table = __esm({
  "src/modules/cities/cities.table.ts"() {
    "use strict";
    cities = pgTable9(
      "cities",
      {
        id: serial8().primaryKey(),
        city: text9().notNull(),
        state: text9().notNull(),
        /** Comma separated five-digit zip codes, as the list shows them. */
        zipCodes: text9().notNull().default(""),
        latitude: doublePrecision(),
        longitude: doublePrecision(),
        createdAt: timestamp9({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp9({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [uniqueIndex4("cities_state_city_uq").on(t.state, t.city), index6("cities_city_idx").on(t.city)]
    );
  }
});

// src/modules/cities/cities.service.ts
import { and as and6, asc as asc2, eq as eq6, ilike as ilike2, ne, sql as sql10 } from "drizzle-orm";
async function findCity(db, id) {
  const [city] = await db.select().from(cities).where(eq6(cities.id, id));
  if (!city) throw AppError.notFound();
  return city;
}
async function getCity(db, id) {
  return toRow(await findCity(db, id));
}
async function assertUnique(db, form, exceptId) {
  const same = and6(
    eq6(cities.state, form.state),
    sql10`lower(${cities.city}) = lower(${form.city})`,
    exceptId ? ne(cities.id, exceptId) : void 0
  );
  const [clash] = await db.select({ id: cities.id }).from(cities).where(same);
  if (clash) throw AppError.invalidField("city", `${form.city}, ${form.state} is already in the list.`);
}
async function createCity(db, user, form) {
  await assertUnique(db, form);
  return db.transaction(async (tx) => {
    const [city] = await tx.insert(cities).values({ city: form.city, state: form.state, zipCodes: normalizeZips(form.zip_codes) }).returning();
    if (!city) throw new AppError("internal", "City not created");
    await writeAudit(tx, {
      actor: actorOf3(user),
      entity: "city",
      entityId: city.id,
      action: "create",
      after: toRow(city)
    });
    return toRow(city);
  });
}
async function updateCity(db, user, id, form) {
  const before = await findCity(db, id);
  await assertUnique(db, form, id);
  return db.transaction(async (tx) => {
    const [city] = await tx.update(cities).set({ city: form.city, state: form.state, zipCodes: normalizeZips(form.zip_codes), updatedAt: /* @__PURE__ */ new Date() }).where(eq6(cities.id, id)).returning();
    if (!city) throw AppError.notFound();
    await writeAudit(tx, {
      actor: actorOf3(user),
      entity: "city",
      entityId: id,
      action: "update",
      before: toRow(before),
      after: toRow(city)
    });
    return toRow(city);
  });
}
async function deleteCity(db, user, id) {
  const before = await findCity(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(cities).where(eq6(cities.id, id));
    await writeAudit(tx, {
      actor: actorOf3(user),
      entity: "city",
      entityId: id,
      action: "delete",
      before: toRow(before)
    });
  });
}
async function lookupCities(db, q) {
  const conditions = [];
  if (q.state) conditions.push(eq6(cities.state, q.state.toUpperCase()));
  if (q.search) {
    const text31 = q.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    const match = /^\d+$/.test(q.search) ? ilike2(cities.zipCodes, `%${text31}%`) : ilike2(cities.city, `${text31}%`);
    conditions.push(match);
  }
  const rows = await db.select().from(cities).where(conditions.length ? and6(...conditions) : void 0).orderBy(asc2(cities.city), asc2(cities.state)).limit(q.limit);
  return rows.map(toRow);
}
var toRow, actorOf3, normalizeZips;
var init_cities_service = __esm({
  "src/modules/cities/cities.service.ts"() {
    "use strict";
    init_audit();
    init_errors2();
    init_cities_table();
    toRow = (c) => ({ id: c.id, city: c.city, zip_codes: c.zipCodes, state: c.state });
    actorOf3 = (user) => ({ id: user.id, companyId: user.companyId });
    normalizeZips = (zips) => zips.split(",").map((z65) => z65.trim()).filter(Boolean).join(", ");
  }
});

// src/modules/cities/cities.routes.ts
import { z as z15 } from "zod";
var IdParams3, can3, citiesRoutes;
var init_cities_routes = __esm({
  "src/modules/cities/cities.routes.ts"() {
    "use strict";
    init_src();
    init_cities_contract();
    init_guard();
    init_list_routes();
    init_run_list();
    init_cities_list();
    init_cities_service();
    IdParams3 = z15.object({ id: z15.coerce.number().int().positive() });
    can3 = (action) => ({ section: SECTION.Cities, ...action ? { action } : {} });
    citiesRoutes = {
      name: "cities",
      register(app2, { database: { db } }) {
        const tags = ["Cities"];
        registerListRoute(app2, db, citiesList, { url: "/cities/list", tags });
        app2.get("/cities/list", {
          config: { access: can3() },
          schema: { tags },
          handler: (req) => runList(db, citiesList, caller(req).user, {})
        });
        app2.post("/cities", {
          config: { access: { anyOf: [can3(), { section: SECTION.Trips }, { section: SECTION.Dispatch }] } },
          schema: { tags, body: CityLookupBodySchema.optional(), response: { 200: CityLookupResponseSchema } },
          handler: async (req) => ({
            cities: await lookupCities(db, CityLookupBodySchema.parse(req.body ?? {}))
          })
        });
        app2.get("/cities/:id", {
          config: { access: can3() },
          schema: { tags, params: IdParams3, response: { 200: CityResponseSchema } },
          handler: async (req) => ({ city: await getCity(db, req.params.id) })
        });
        app2.post("/cities/new", {
          config: { access: can3(ACTION.CREATE) },
          schema: { tags, body: CityFormSchema, response: { 200: CitySaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            city: await createCity(db, caller(req).user, req.body)
          })
        });
        app2.post("/cities/update/:id", {
          config: { access: can3(ACTION.EDIT) },
          schema: { tags, params: IdParams3, body: CityFormSchema, response: { 200: CitySaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            city: await updateCity(db, caller(req).user, req.params.id, req.body)
          })
        });
        app2.delete("/cities/:id", {
          config: { access: can3(ACTION.DELETE) },
          schema: { tags, params: IdParams3, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteCity(db, caller(req).user, req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
      }
    };
  }
});

// ../shared/src/import/import.contract.ts
import { z as z16 } from "zod";
function joinWords(words) {
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
function defineImport(columns2, opts = {}) {
  const keys = Object.keys(columns2);
  const maxRows = opts.maxRows ?? 5e3;
  const cells = Object.fromEntries(
    keys.map((k) => [
      k,
      z16.string().max(columns2[k]?.maxLength ?? 1e3).default("")
    ])
  );
  const rowSchema = z16.object({ row: z16.number().int().min(1), ...cells });
  const values2 = Object.fromEntries(keys.map((k) => [k, columns2[k]?.schema]));
  return {
    columns: columns2,
    keys,
    maxRows,
    rowSchema,
    responseSchema: z16.object({
      rows: z16.array(rowSchema),
      errors: z16.array(ImportErrorSchema),
      ignored: z16.array(z16.string())
    }),
    saveBodySchema: z16.object({ rows: z16.array(rowSchema).min(1, IMPORT_MSG.noRows).max(maxRows) }),
    valuesSchema: z16.object(values2)
  };
}
function mapHeadings(def, headings) {
  const names = /* @__PURE__ */ new Map();
  for (const key of def.keys) {
    const column = def.columns[key];
    for (const h of [column.label, key, ...column.aliases ?? []]) {
      const n = normalizeHeading(h);
      if (!names.has(n)) names.set(n, key);
    }
  }
  const index23 = /* @__PURE__ */ new Map();
  const ignored = [];
  headings.forEach((heading, i) => {
    if (heading.trim() === "") return;
    const key = names.get(normalizeHeading(heading));
    if (key === void 0) ignored.push(heading.trim());
    else if (!index23.has(key)) index23.set(key, i);
  });
  return { index: index23, ignored };
}
function missingColumns(def, index23) {
  return def.keys.filter((k) => def.columns[k]?.required && !index23.has(k)).map((k) => def.columns[k]?.label ?? k);
}
function checkImportRows(def, rows, existing = {}) {
  const errors = [];
  const accepted = [];
  const unique = def.keys.filter((k) => def.columns[k]?.unique);
  const seen = new Map(unique.map((k) => [k, /* @__PURE__ */ new Set()]));
  for (const r of rows) {
    const parsed = def.valuesSchema.safeParse(r);
    if (!parsed.success) {
      const fields = /* @__PURE__ */ new Set();
      for (const issue of parsed.error.issues) {
        const field2 = String(issue.path[0] ?? "row");
        if (fields.has(field2)) continue;
        fields.add(field2);
        errors.push({ row: r.row, field: field2, message: issue.message });
      }
      continue;
    }
    const values2 = parsed.data;
    let repeated = false;
    for (const key of unique) {
      const rule = def.columns[key]?.unique;
      const raw = values2[key];
      if (!rule || raw === null || raw === void 0 || raw === "") continue;
      const value = String(raw);
      const earlier = seen.get(key);
      const message = existing[key]?.has(value) ? rule.existing : earlier.has(value) ? rule.inFile : null;
      if (message) {
        errors.push({ row: r.row, field: key, message });
        repeated = true;
      }
      earlier.add(value);
    }
    if (!repeated) accepted.push({ row: r.row, values: values2 });
  }
  return { errors, accepted };
}
var ImportErrorSchema, SaveImportResponseSchema, IMPORT_MSG, normalizeHeading, requiredLabels;
var init_import_contract = __esm({
  "../shared/src/import/import.contract.ts"() {
    "use strict";
    ImportErrorSchema = z16.object({ row: z16.number().int(), field: z16.string(), message: z16.string() });
    SaveImportResponseSchema = z16.object({ message: z16.string(), saved: z16.number().int() });
    IMPORT_MSG = {
      type: "Upload an .xlsx or .csv file.",
      unreadable: "The file could not be read as a spreadsheet.",
      headings: (required) => `The first row needs the column headings, at least ${joinWords(required)}.`,
      empty: "The spreadsheet has no rows under its headings.",
      tooMany: (max) => `The spreadsheet has more than ${max} rows.`,
      noRows: "There are no rows to save."
    };
    normalizeHeading = (heading) => heading.toLowerCase().replace(/[\s_-]+/g, "");
    requiredLabels = (def) => def.keys.filter((k) => def.columns[k]?.required).map((k) => def.columns[k]?.label ?? k);
  }
});

// ../shared/src/modules/customers/contact-fields.ts
import { z as z17 } from "zod";
var phoneField, emailField, textField, requiredText, DraftedIdsBodySchema, DraftedIdsResponseSchema, orNull;
var init_contact_fields = __esm({
  "../shared/src/modules/customers/contact-fields.ts"() {
    "use strict";
    phoneField = (label = "phone") => z17.string().transform((v) => {
      const digits = v.replace(/\D/g, "");
      return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
    }).pipe(z17.string().regex(/^([2-9]\d{9})?$/, `The ${label} is 10 digits and cannot start with 0 or 1.`));
    emailField = () => z17.string().trim().toLowerCase().pipe(z17.email("Enter a valid e-mail address.").or(z17.literal("")));
    textField = (max, label) => z17.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);
    requiredText = (max, label) => textField(max, label).min(1, `The ${label} field is required.`);
    DraftedIdsBodySchema = z17.object({
      ids: z17.array(z17.number().int().positive()).min(1, "Choose at least one record.").max(500)
    });
    DraftedIdsResponseSchema = z17.object({ message: z17.string(), deleted: z17.number().int() });
    orNull = (v) => v === "" ? null : v;
  }
});

// ../shared/src/modules/clients/clients.contract.ts
import { z as z18 } from "zod";
var LEAD_KINDS, LEAD_PATHS, LEAD_TITLES, LEAD_STATUSES, CANCELED, COMMENT_CLIP, LeadRowSchema, mcField, truckQuantityField, leadFields, LeadFormSchema, LeadDescriptionSchema, LeadInvoiceSchema, LeadEditResponseSchema, LeadStartResponseSchema, LeadSaveResponseSchema, DUPLICATE_MC_IN_FILE, DUPLICATE_MC_IN_LIST, LEAD_IMPORT;
var init_clients_contract = __esm({
  "../shared/src/modules/clients/clients.contract.ts"() {
    "use strict";
    init_import_contract();
    init_contact_fields();
    LEAD_KINDS = ["potential", "client"];
    LEAD_PATHS = { potential: "potentialClients", client: "clients" };
    LEAD_TITLES = { potential: "Potential clients", client: "Clients" };
    LEAD_STATUSES = ["New", "Contacted", "Quoted", "Follow up", "Active", "Canceled"];
    CANCELED = "Canceled";
    COMMENT_CLIP = 500;
    LeadRowSchema = z18.object({
      id: z18.number().int(),
      updated_at: z18.string(),
      mc: z18.string().nullable(),
      truck_quantity: z18.number().int().nullable(),
      carrier: z18.string(),
      contact: z18.string().nullable(),
      phone: z18.string().nullable(),
      email: z18.string().nullable(),
      comment: z18.string().nullable(),
      status: z18.string()
    });
    mcField = z18.string().trim().transform((v) => v.replace(/^MC[-\s#]*/i, "")).pipe(z18.string().regex(/^(\d{4,8})?$/, "The MC number is 4 to 8 digits."));
    truckQuantityField = z18.union([z18.number(), z18.string().trim(), z18.null()]).transform((v, ctx) => {
      if (v === null || v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 1e4) {
        ctx.addIssue({ code: "custom", message: "The truck quantity is a whole number." });
        return z18.NEVER;
      }
      return n;
    });
    leadFields = {
      mc: mcField,
      truck_quantity: truckQuantityField,
      carrier: requiredText(160, "carrier"),
      contact: textField(120, "contact"),
      phone: phoneField(),
      email: emailField(),
      comment: textField(5e3, "comment")
    };
    LeadFormSchema = z18.object({
      id: z18.number().int().positive().optional(),
      ...leadFields,
      status: z18.enum(LEAD_STATUSES, { message: "Choose a status." }),
      customer_id: z18.union([z18.number().int().positive(), z18.string().regex(/^\d*$/), z18.null()]).transform((v) => v === "" || v === null ? null : Number(v)).optional()
    });
    LeadDescriptionSchema = z18.object({ id: z18.number().int(), text: z18.string(), created_at: z18.string() });
    LeadInvoiceSchema = z18.object({
      id: z18.number().int(),
      number: z18.string(),
      amount: z18.number(),
      issued_on: z18.string().nullable()
    });
    LeadEditResponseSchema = z18.object({
      row: LeadRowSchema.extend({ customer_id: z18.number().int().nullable() }),
      descriptions: z18.array(LeadDescriptionSchema),
      invoices: z18.array(LeadInvoiceSchema),
      statuses: z18.array(z18.string())
    });
    LeadStartResponseSchema = z18.object({
      statuses: z18.array(z18.string()),
      customers: z18.array(z18.object({ id: z18.number().int(), name: z18.string() })),
      row: z18.object({ customer_id: z18.number().int().nullable(), status: z18.string() })
    });
    LeadSaveResponseSchema = z18.object({ message: z18.string(), row: LeadRowSchema, removed: z18.boolean() });
    DUPLICATE_MC_IN_FILE = "The MC number appears more than once in the file.";
    DUPLICATE_MC_IN_LIST = "The MC number is already in the list.";
    LEAD_IMPORT = defineImport({
      mc: {
        label: "MC",
        aliases: ["mc number", "mc#"],
        schema: leadFields.mc,
        maxLength: 200,
        unique: { inFile: DUPLICATE_MC_IN_FILE, existing: DUPLICATE_MC_IN_LIST }
      },
      truck_quantity: {
        label: "Truck quantity",
        aliases: ["trucks", "truck qty", "qty"],
        schema: leadFields.truck_quantity,
        maxLength: 200
      },
      carrier: { label: "Carrier", aliases: ["company", "carrier name"], schema: leadFields.carrier, required: true },
      contact: { label: "Contact", aliases: ["contact name"], schema: leadFields.contact },
      phone: { label: "Phone", aliases: ["phone number"], schema: leadFields.phone, maxLength: 200 },
      email: { label: "Email", aliases: ["e-mail"], schema: leadFields.email },
      comment: { label: "Comment", aliases: ["comments", "note", "notes"], schema: leadFields.comment, maxLength: 1e4 }
    });
  }
});

// ../shared/src/schemas/text.ts
import { z as z19 } from "zod";
function findUnsafeText(value, limit = 20) {
  const pathOf = (node, last) => {
    const path = last === void 0 ? [] : [last];
    for (let n = node; n && n.key !== null; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const found = [];
  const stack = [{ value, key: null, parent: null }];
  while (stack.length && found.length < limit) {
    const node = stack.pop();
    const v = node.value;
    if (typeof v === "string") {
      const message = textProblem(v);
      if (message) found.push({ path: pathOf(node), message });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const message = textProblem(key);
        if (message) found.push({ path: pathOf(node, key), message });
        else stack.push({ value: v[key], key, parent: node });
      }
    }
  }
  return found;
}
function refuseUnsafeText(schema) {
  return z19.unknown().superRefine((value, ctx) => {
    for (const { path, message } of findUnsafeText(value)) ctx.addIssue({ code: "custom", path, message });
  }).pipe(schema);
}
var CONTROL_CHARACTERS, LONE_SURROGATE, TEXT_MSG, textProblem;
var init_text = __esm({
  "../shared/src/schemas/text.ts"() {
    "use strict";
    CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
    LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    TEXT_MSG = {
      control: "Remove the control characters from this text (only tab and line breaks are allowed).",
      surrogate: "This text is not valid Unicode."
    };
    textProblem = (text31) => CONTROL_CHARACTERS.test(text31) ? TEXT_MSG.control : LONE_SURROGATE.test(text31) ? TEXT_MSG.surrogate : null;
  }
});

// src/platform/files/file-rules.ts
function formatBytes(n) {
  if (n >= 1024 * 1024) return `${Math.round(n / 1024 / 1024 * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}
function extensionOf(name) {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}
function sniffKind(data) {
  for (const [kind, spec] of Object.entries(KINDS)) {
    if (spec.magic.some((m) => m.length <= data.length && m.every((b, i) => data[i] === b))) return kind;
  }
  return null;
}
function checkUpload(name, data, maxBytes) {
  const nameProblem = textProblem(name);
  if (nameProblem) throw AppError.invalidField("file", nameProblem);
  if (FILE_NAME_FORBIDDEN.test(name)) throw AppError.invalidField("file", MSG.invalidFileName);
  const expected = EXTENSION_KIND[extensionOf(name)];
  if (!expected) throw AppError.invalidField("file", FILE_MSG.badType);
  if (data.length === 0) throw AppError.invalidField("file", FILE_MSG.empty);
  if (data.length > maxBytes) throw new AppError("payload_too_large", FILE_MSG.tooLarge(maxBytes));
  if (sniffKind(data) !== expected) throw AppError.invalidField("file", FILE_MSG.contentMismatch);
  return { mime: KINDS[expected].mime };
}
function safeBaseName(name) {
  const base = name.split(/[\\/]/).pop() ?? "file";
  const clean = Array.from(base, (c) => c.charCodeAt(0) < 32 || c === '"' ? "_" : c).join("");
  return clean.slice(0, 200) || "file";
}
var KINDS, EXTENSION_KIND, PREVIEW_MIMES, FILE_NAME_FORBIDDEN, FILE_MSG;
var init_file_rules = __esm({
  "src/platform/files/file-rules.ts"() {
    "use strict";
    init_src();
    init_text();
    init_errors2();
    KINDS = {
      png: { mime: "image/png", magic: [[137, 80, 78, 71, 13, 10, 26, 10]] },
      jpeg: { mime: "image/jpeg", magic: [[255, 216, 255]] },
      bmp: { mime: "image/bmp", magic: [[66, 77]] },
      gif: {
        mime: "image/gif",
        magic: [Array.from("GIF87a", (c) => c.charCodeAt(0)), Array.from("GIF89a", (c) => c.charCodeAt(0))]
      },
      pdf: { mime: "application/pdf", magic: [Array.from("%PDF-", (c) => c.charCodeAt(0))] }
    };
    EXTENSION_KIND = {
      png: "png",
      jpeg: "jpeg",
      jpg: "jpeg",
      bmp: "bmp",
      gif: "gif",
      pdf: "pdf"
    };
    PREVIEW_MIMES = new Set(Object.values(KINDS).map((k) => k.mime));
    FILE_NAME_FORBIDDEN = /[@#%&!]/;
    FILE_MSG = {
      badType: "Only png, jpeg, jpg, bmp, gif and pdf files can be uploaded.",
      contentMismatch: "The file content does not match its type: only real png, jpeg, bmp, gif and pdf files are accepted.",
      tooLarge: (maxBytes) => `The file is too large: the limit is ${formatBytes(maxBytes)}.`,
      empty: "The file is empty.",
      noFile: "Choose a file to upload.",
      noPreview: "This file type cannot be previewed."
    };
  }
});

// src/platform/files/read-upload.ts
async function readUpload(req, opts) {
  if (!req.isMultipart()) throw AppError.invalidField("file", FILE_MSG.noFile);
  const fields = {};
  let file = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
      if (part.type === "field") {
        if (typeof part.value === "string" && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      } else if (!file) file = { name: part.filename, data: await part.toBuffer() };
      else await part.toBuffer();
    }
  } catch (err) {
    if (err.code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError("payload_too_large", FILE_MSG.tooLarge(opts.maxBytes));
    throw err;
  }
  if (!file) throw AppError.invalidField("file", FILE_MSG.noFile);
  const nameProblem = textProblem(file.name);
  if (nameProblem) throw AppError.invalidField("file", nameProblem);
  for (const [field2, value] of Object.entries(fields)) {
    const problem = textProblem(value);
    if (problem) throw AppError.invalidField(field2, problem);
  }
  if (!opts.types) return { ...file, kind: null, mime: null, fields };
  const ext = extensionOf(file.name);
  const kind = opts.types.find((t) => KINDS2[t].extensions.includes(ext));
  if (!kind) throw AppError.invalidField("file", opts.badType ?? UPLOAD_MSG.badType(opts.types));
  if (file.data.length === 0) throw AppError.invalidField("file", FILE_MSG.empty);
  if (!KINDS2[kind].matches(file.data))
    throw AppError.invalidField("file", opts.mismatch ?? UPLOAD_MSG.mismatch(opts.types));
  return { ...file, kind, mime: KINDS2[kind].mime, fields };
}
var ZIP, looksLikeText, KINDS2, listWords, UPLOAD_MSG;
var init_read_upload = __esm({
  "src/platform/files/read-upload.ts"() {
    "use strict";
    init_text();
    init_errors2();
    init_file_rules();
    ZIP = [80, 75, 3, 4];
    looksLikeText = (data) => !data.subarray(0, 64 * 1024).includes(0);
    KINDS2 = {
      png: { extensions: ["png"], mime: "image/png", matches: (d) => sniffKind(d) === "png" },
      jpeg: { extensions: ["jpeg", "jpg"], mime: "image/jpeg", matches: (d) => sniffKind(d) === "jpeg" },
      bmp: { extensions: ["bmp"], mime: "image/bmp", matches: (d) => sniffKind(d) === "bmp" },
      gif: { extensions: ["gif"], mime: "image/gif", matches: (d) => sniffKind(d) === "gif" },
      pdf: { extensions: ["pdf"], mime: "application/pdf", matches: (d) => sniffKind(d) === "pdf" },
      // An .xlsx is a zip package; exceljs reads what is inside.
      xlsx: {
        extensions: ["xlsx"],
        mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        matches: (d) => ZIP.every((b, i) => d[i] === b)
      },
      csv: { extensions: ["csv"], mime: "text/csv", matches: looksLikeText }
    };
    listWords = (words) => words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
    UPLOAD_MSG = {
      badType: (types2) => `Only ${listWords(types2.flatMap((t) => KINDS2[t].extensions))} files can be uploaded.`,
      mismatch: (types2) => `The file content does not match its type: only real ${listWords(types2)} files are accepted.`
    };
  }
});

// src/platform/import/spreadsheet.ts
function parseCsv(text31) {
  const rows = [];
  let row = [];
  let field2 = "";
  let quoted = false;
  const src = text31.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field2 += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field2 += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field2);
      field2 = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      row.push(field2);
      rows.push(row);
      row = [];
      field2 = "";
    } else field2 += ch;
  }
  if (field2 !== "" || row.length) {
    row.push(field2);
    rows.push(row);
  }
  return rows;
}
function decodeText(data) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}
function cellText(cell) {
  const value = cell.value;
  if (value instanceof Date) {
    const day2 = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const h = value.getUTCHours();
    const m = value.getUTCMinutes();
    return h || m ? `${day2} ${pad(h)}:${pad(m)}` : day2;
  }
  if (typeof value === "number") return String(value);
  return cell.text ?? "";
}
async function readXlsx(data) {
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    throw AppError.invalidField("file", IMPORT_MSG.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw AppError.invalidField("file", IMPORT_MSG.empty);
  const rows = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    const cells = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(cellText(r.getCell(c)));
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}
async function readSpreadsheet(file) {
  return file.kind === "xlsx" ? readXlsx(file.data) : parseCsv(decodeText(file.data));
}
var pad;
var init_spreadsheet = __esm({
  "src/platform/import/spreadsheet.ts"() {
    "use strict";
    init_import_contract();
    init_errors2();
    pad = (n) => String(n).padStart(2, "0");
  }
});

// src/platform/import/import.ts
function sheetRows(def, grid) {
  const [heading = [], ...body] = grid;
  const { index: index23, ignored } = mapHeadings(def, heading);
  if (missingColumns(def, index23).length) throw AppError.invalidField("file", IMPORT_MSG.headings(requiredLabels(def)));
  const rows = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === "")) return;
    const row = { row: i + 2 };
    for (const key of def.keys) {
      const at = index23.get(key);
      row[key] = at === void 0 ? "" : (cells[at] ?? "").trim();
    }
    rows.push(row);
  });
  if (!rows.length) throw AppError.invalidField("file", IMPORT_MSG.empty);
  if (rows.length > def.maxRows) throw AppError.invalidField("file", IMPORT_MSG.tooMany(def.maxRows));
  return { rows, ignored };
}
async function previewImport(db, user, spec, file) {
  const { rows, ignored } = sheetRows(spec.definition, await readSpreadsheet(file));
  const existing = spec.existing ? await spec.existing(db, user) : {};
  const { errors } = checkImportRows(spec.definition, rows, existing);
  return { rows, errors, ignored };
}
function rowErrors(rows, errors) {
  const fields = {};
  for (const e of errors) {
    const key = `rows.${rows.findIndex((r) => r.row === e.row)}.${e.field}`;
    fields[key] = [...fields[key] ?? [], `Row ${e.row}: ${e.message}`];
  }
  return fields;
}
async function saveImport(db, user, spec, rows) {
  return db.transaction(async (tx) => {
    const existing = spec.existing ? await spec.existing(tx, user) : {};
    const { errors, accepted } = checkImportRows(spec.definition, rows, existing);
    if (errors.length) throw AppError.validation(rowErrors(rows, errors));
    return spec.save(
      tx,
      user,
      accepted.map((a) => a.values)
    );
  });
}
function registerImportRoutes(app2, opts) {
  const { db, spec, access: access2, tags } = opts;
  app2.post(`${opts.base}/import`, {
    config: { access: access2 },
    schema: { tags, response: { 200: spec.definition.responseSchema } },
    handler: async (req) => {
      const upload = await readUpload(req, {
        maxBytes: opts.maxBytes,
        types: ["xlsx", "csv"],
        badType: IMPORT_MSG.type,
        mismatch: IMPORT_MSG.unreadable
      });
      return previewImport(db, caller(req).user, spec, { kind: upload.kind, data: upload.data });
    }
  });
  app2.post(`${opts.base}/saveImport`, {
    config: { access: access2 },
    schema: { tags, body: spec.definition.saveBodySchema, response: { 200: SaveImportResponseSchema } },
    handler: async (req) => ({
      message: MSG.savingSuccess,
      saved: await saveImport(db, caller(req).user, spec, req.body.rows)
    })
  });
}
var init_import = __esm({
  "src/platform/import/import.ts"() {
    "use strict";
    init_src();
    init_import_contract();
    init_guard();
    init_errors2();
    init_read_upload();
    init_spreadsheet();
  }
});

// src/platform/registry/drafted-deletions.ts
import { and as and7, eq as eq7, inArray } from "drizzle-orm";
async function applyDraftedDeletions(db, opts) {
  const field2 = opts.field ?? "ids";
  const ids2 = [...new Set(opts.ids)];
  if (ids2.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(opts.table).where(and7(inArray(opts.table.id, ids2), eq7(opts.ownerColumn, opts.ownerId))).for("update");
    if (rows.length !== ids2.length)
      throw AppError.invalidField(field2, "One of the selected records does not belong here.");
    for (const row of rows) {
      const reason = opts.refuse?.(row);
      if (reason) throw AppError.invalidField(field2, reason);
    }
    await tx.delete(opts.table).where(inArray(opts.table.id, ids2));
    for (const row of rows) {
      await writeAudit(tx, {
        actor: opts.actor,
        entity: opts.entity,
        entityId: String(row.id),
        action: "delete",
        before: row
      });
    }
    return rows.length;
  });
}
var init_drafted_deletions = __esm({
  "src/platform/registry/drafted-deletions.ts"() {
    "use strict";
    init_audit();
    init_errors2();
  }
});

// src/platform/registry/change-log.ts
import { sql as sql11 } from "drizzle-orm";
function defineChangeLog(opts) {
  const entity = sql11`${opts.entity}`;
  return defineList({
    key: opts.key,
    title: opts.title ?? "Actions history",
    section: opts.section,
    from: sql11`audit_log`,
    rowKey: sql11`audit_log.id`,
    joins: { author: sql11`left join users author on author.id = audit_log.user_id` },
    base: (user) => sql11`audit_log.entity = ${entity} and audit_log.company_id = ${user.companyId}`,
    defaultSort: { sort: "at", order: "desc" },
    columns: [
      { id: "id", title: "ID", sql: sql11`audit_log.id`, footer: "count" },
      { id: "entity_id", title: "Record", sql: sql11`audit_log.entity_id::int`, filter: "number" },
      { id: "at", title: "Date", sql: sql11`audit_log.at`, filter: "date", dateType: "timestamp" },
      {
        id: "user",
        title: "User",
        sql: sql11`author.name`,
        filterSql: sql11`audit_log.user_id`,
        filter: "list",
        joins: ["author"],
        footer: "unique",
        search: true
      },
      { id: "action", title: "Action", sql: sql11`audit_log.action`, filter: "list" },
      {
        id: "changes",
        title: "Changes",
        // The keys whose value differs between before and after, e.g. "phone, truck_id".
        sql: sql11`(select string_agg(k, ', ' order by k) from (
          select key as k from jsonb_each(coalesce(audit_log.after, '{}'::jsonb))
          except select key from jsonb_each(coalesce(audit_log.before, '{}'::jsonb)) b
            where (coalesce(audit_log.after, '{}'::jsonb) -> b.key) = b.value
        ) changed)`,
        sortable: false,
        clip: 120
      },
      { id: "before", title: "Before", sql: sql11`audit_log.before`, data: true },
      { id: "after", title: "After", sql: sql11`audit_log.after`, data: true }
    ]
  });
}
var init_change_log = __esm({
  "src/platform/registry/change-log.ts"() {
    "use strict";
    init_define_list();
  }
});

// src/modules/customers/customers.list.ts
import { sql as sql12 } from "drizzle-orm";
var customerScope, customersList, customersLog;
var init_customers_list = __esm({
  "src/modules/customers/customers.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    init_change_log();
    customerScope = (user) => user.customerId === null ? sql12`customers.company_id = ${user.companyId}` : sql12`customers.company_id = ${user.companyId} and customers.id = ${user.customerId}`;
    customersList = defineList({
      key: "customers",
      title: "Customers",
      section: SECTION.Customers,
      from: sql12`customers`,
      rowKey: sql12`customers.id`,
      joins: { sm: sql12`left join users sm on sm.id = customers.sale_manager_id` },
      base: customerScope,
      defaultSort: { sort: "name", order: "asc" },
      columns: [
        { id: "id", title: "Division ID", sql: sql12`customers.id`, filter: "number", footer: "count", align: "left" },
        { id: "name", title: "Name", sql: sql12`customers.name`, filter: "note", search: true, clip: 40 },
        { id: "created_at", title: "Created", sql: sql12`customers.created_at`, filter: "date", dateType: "timestamp" },
        {
          id: "sale_manager",
          title: "Sale manager",
          sql: sql12`sm.name`,
          filterSql: sql12`customers.sale_manager_id`,
          filter: "list",
          joins: ["sm"],
          footer: "unique"
        },
        { id: "email", title: "E-mail", sql: sql12`customers.email`, filter: "note", search: true },
        { id: "phone", title: "Phone", sql: sql12`customers.phone`, filter: "note", search: true },
        {
          id: "frozen",
          title: "Frozen",
          sql: sql12`customers.frozen::int`,
          filter: "list",
          options: sql12`select * from (values (0, 'No'), (1, 'Frozen'), (2, 'Daptor')) o(value, label)`,
          align: "center"
        },
        {
          id: "services",
          title: "Services",
          sql: sql12`array_to_string(customers.services, ', ')`,
          filter: "note",
          sortable: false
        },
        {
          id: "balance",
          title: "Balance",
          sql: sql12`customers.balance_cents`,
          filter: "number",
          dollar: true,
          footer: "sum"
        },
        { id: "find_us", title: "Find us", sql: sql12`customers.find_us`, filter: "list" },
        { id: "mc_number", title: "MC number", sql: sql12`customers.mc_number`, filter: "note", search: true, hidden: true },
        { id: "city", title: "City", sql: sql12`customers.city`, filter: "note", hidden: true },
        { id: "state", title: "State", sql: sql12`customers.state`, filter: "list", hidden: true }
      ]
    });
    customersLog = defineChangeLog({
      key: "customers-logs",
      entity: "customers",
      section: SECTION.Customers,
      title: "Customers actions history"
    });
  }
});

// ../shared/src/modules/customers/customers.contract.ts
import { z as z20 } from "zod";
var CUSTOMER_SERVICES, FROZEN_LABELS, FIND_US_OPTIONS, ALL_CUSTOMERS, CustomerRowSchema, optionalId2, CustomerFormSchema, CustomerTypeSchema, CustomerDetailsSchema, CustomerExceptionSchema, CustomerFileSchema, CustomerCardSchema, CustomerSaveResponseSchema, OptionSchema, CustomerFormOptionsSchema, GetCustomersBodySchema, GetCustomersResponseSchema, CustomerDescriptionSchema;
var init_customers_contract = __esm({
  "../shared/src/modules/customers/customers.contract.ts"() {
    "use strict";
    init_contact_fields();
    CUSTOMER_SERVICES = ["dispatch", "safety", "accounting", "shop"];
    FROZEN_LABELS = { 0: "No", 1: "Frozen", 2: "Daptor" };
    FIND_US_OPTIONS = ["Referral", "Google", "Load board", "Facebook", "Trade show", "Cold call"];
    ALL_CUSTOMERS = { id: 0, name: "All" };
    CustomerRowSchema = z20.object({
      id: z20.number().int(),
      name: z20.string(),
      created_at: z20.string(),
      sale_manager: z20.string().nullable(),
      email: z20.string().nullable(),
      phone: z20.string().nullable(),
      frozen: z20.number().int(),
      services: z20.string().nullable(),
      balance: z20.number(),
      find_us: z20.string().nullable()
    });
    optionalId2 = z20.union([z20.number().int().positive(), z20.string().regex(/^\d*$/, "Choose an option."), z20.null()]).transform((v) => v === "" || v === null ? null : Number(v));
    CustomerFormSchema = z20.object({
      division_id: z20.number().int().positive().optional(),
      name: requiredText(160, "customer name"),
      email: emailField(),
      phone: phoneField(),
      mc_number: z20.string().trim().regex(/^(\d{4,8})?$/, "The MC number is 4 to 8 digits."),
      dot_number: z20.string().trim().regex(/^(\d{5,8})?$/, "The DOT number is 5 to 8 digits."),
      address: textField(160, "address"),
      city: textField(120, "city"),
      state: z20.string().trim().toUpperCase().regex(/^([A-Z]{2})?$/, "The state is a two-letter code, e.g. TX."),
      zip: z20.string().trim().regex(/^(\d{5})?$/, "The zip code is five digits."),
      sale_manager_id: optionalId2,
      factoring_company_id: optionalId2,
      frozen: z20.coerce.number().int().refine((v) => v in FROZEN_LABELS, "Choose No, Frozen or Daptor."),
      services: z20.array(z20.enum(CUSTOMER_SERVICES, { message: "Unknown service." })).max(CUSTOMER_SERVICES.length),
      find_us: textField(60, "find us"),
      exceptions: z20.array(requiredText(500, "exception")).max(50).default([])
    });
    CustomerTypeSchema = z20.enum(["create", "update"]);
    CustomerDetailsSchema = CustomerRowSchema.extend({
      mc_number: z20.string().nullable(),
      dot_number: z20.string().nullable(),
      address: z20.string().nullable(),
      city: z20.string().nullable(),
      state: z20.string().nullable(),
      zip: z20.string().nullable(),
      sale_manager_id: z20.number().int().nullable(),
      factoring_company_id: z20.number().int().nullable(),
      factoring_company: z20.string().nullable(),
      services_list: z20.array(z20.string()),
      updated_at: z20.string()
    });
    CustomerExceptionSchema = z20.object({ id: z20.number().int(), text: z20.string(), created_at: z20.string() });
    CustomerFileSchema = z20.object({
      id: z20.number().int(),
      name: z20.string(),
      category: z20.string().nullable(),
      mime: z20.string(),
      size: z20.number().int(),
      created_at: z20.string(),
      url: z20.string(),
      preview_url: z20.string().nullable()
    });
    CustomerCardSchema = z20.object({
      customer: CustomerDetailsSchema,
      exceptions: z20.array(CustomerExceptionSchema),
      files: z20.array(CustomerFileSchema),
      counts: z20.object({ drivers: z20.number().int(), trucks: z20.number().int(), trailers: z20.number().int() })
    });
    CustomerSaveResponseSchema = z20.object({ message: z20.string(), customer: CustomerDetailsSchema });
    OptionSchema = z20.object({ id: z20.number().int(), name: z20.string() });
    CustomerFormOptionsSchema = z20.object({
      sale_managers: z20.array(OptionSchema),
      factoring_companies: z20.array(OptionSchema),
      services: z20.array(z20.string()),
      find_us: z20.array(z20.string()),
      frozen: z20.array(OptionSchema)
    });
    GetCustomersBodySchema = z20.object({ all: z20.boolean().default(true) });
    GetCustomersResponseSchema = z20.object({ customers: z20.array(OptionSchema) });
    CustomerDescriptionSchema = z20.object({
      id: z20.number().int(),
      name: z20.string(),
      description: z20.array(CustomerExceptionSchema),
      count: z20.number().int()
    });
  }
});

// src/platform/files/files.table.ts
import { bigint as bigint2, index as index7, integer as integer9, pgTable as pgTable10, serial as serial9, text as text10, timestamp as timestamp10 } from "drizzle-orm/pg-core";
var files;
var init_files_table = __esm({
  "src/platform/files/files.table.ts"() {
    "use strict";
    files = pgTable10(
      "files",
      {
        id: serial9().primaryKey(),
        companyId: integer9(),
        /** The record the file belongs to: an entity registered with the files service, and its id. */
        entity: text10().notNull(),
        entityId: text10().notNull(),
        category: text10(),
        originalName: text10().notNull(),
        mime: text10().notNull(),
        size: bigint2({ mode: "number" }).notNull(),
        storageKey: text10().notNull().unique(),
        uploadedBy: integer9(),
        createdAt: timestamp10({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index7("files_entity_idx").on(t.entity, t.entityId)]
    );
  }
});

// src/platform/files/storage.ts
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
function newStorageKey(extension, now = /* @__PURE__ */ new Date()) {
  const ext = extension.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 8);
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}${ext ? `.${ext}` : ""}`;
}
function assertStorageKey(key) {
  if (!KEY_PATTERN.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
}
function createLocalStorage(root) {
  const base = resolve(root);
  const pathOf = (key) => {
    assertStorageKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    kind: "local",
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    get: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true })
  };
}
var KEY_PATTERN;
var init_storage = __esm({
  "src/platform/files/storage.ts"() {
    "use strict";
    KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;
  }
});

// src/platform/files/files.service.ts
import { and as and8, desc, eq as eq8 } from "drizzle-orm";
function createFilesService(opts) {
  const { db, storage } = opts;
  const access2 = /* @__PURE__ */ new Map();
  const deleteRules = /* @__PURE__ */ new Map();
  const storeHooks = /* @__PURE__ */ new Map();
  function accessOf(entity) {
    const a = access2.get(entity);
    if (!a) throw AppError.notFound();
    return a;
  }
  async function allowed(auth, file, which) {
    if (file.companyId !== null && file.companyId !== auth.user.companyId) return false;
    const a = accessOf(file.entity);
    const check = a[which] ?? (which === "remove" ? a.upload ?? a.view : a.view);
    return check(auth, file.entityId);
  }
  function checkMode(file, mode) {
    if (mode === "preview" && !PREVIEW_MIMES.has(file.mime)) throw AppError.precondition(FILE_MSG.noPreview);
    return file;
  }
  async function find(id) {
    const [row] = await db.select().from(files).where(eq8(files.id, id));
    if (!row) throw AppError.notFound();
    return row;
  }
  async function visible(auth, id, mode = "download") {
    const file = await find(id);
    if (!await allowed(auth, file, "view")) throw AppError.notFound();
    return checkMode(file, mode);
  }
  async function store(input) {
    const storageKey = newStorageKey(extensionOf(input.name));
    await storage.put(storageKey, input.data, input.mime);
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(files).values({
          companyId: input.companyId,
          entity: input.entity,
          entityId: String(input.entityId),
          category: input.category ?? null,
          originalName: safeBaseName(input.name),
          mime: input.mime,
          size: input.data.length,
          storageKey,
          uploadedBy: input.uploadedBy
        }).returning();
        if (!row) throw new Error("file row not created");
        for (const hook of storeHooks.get(row.entity) ?? []) await hook(tx, row);
        const actor = input.uploadedBy && input.companyId ? { id: input.uploadedBy, companyId: input.companyId } : null;
        await writeAudit(tx, { actor, entity: "files", entityId: row.id, action: "create", after: row });
        return row;
      });
    } catch (err) {
      await storage.remove(storageKey).catch(() => {
      });
      throw err;
    }
  }
  return {
    storage,
    maxBytes: opts.maxBytes,
    /** A module declares who may see, add and delete the files of its records. */
    registerEntity(entity, rule) {
      access2.set(entity, rule);
    },
    addDeleteRule(entity, rule) {
      deleteRules.set(entity, [...deleteRules.get(entity) ?? [], rule]);
    },
    addStoreHook(entity, hook) {
      storeHooks.set(entity, [...storeHooks.get(entity) ?? [], hook]);
    },
    isRegistered: (entity) => access2.has(entity),
    store,
    /** A user's upload: spec §5 rules on name, type, content and size, then the entity's upload check. */
    async upload(input) {
      const a = accessOf(input.entity);
      const { mime } = checkUpload(input.name, input.data, opts.maxBytes);
      if (!await (a.upload ?? a.view)(input.auth, input.entityId)) throw AppError.forbidden();
      return store({
        companyId: input.auth.user.companyId,
        entity: input.entity,
        entityId: input.entityId,
        category: input.category ?? null,
        name: input.name,
        mime,
        data: input.data,
        uploadedBy: input.auth.user.id
      });
    },
    visible,
    /** The file and its bytes, for a caller allowed to see the record it belongs to. */
    async open(auth, id, mode = "download") {
      const file = await visible(auth, id, mode);
      return { file, body: await storage.get(file.storageKey) };
    },
    /** The file and its bytes through a valid signed link: the signature is the permission. */
    async openLinked(id, mode) {
      const file = checkMode(await find(id), mode);
      return { file, body: await storage.get(file.storageKey) };
    },
    async list(auth, entity, entityId) {
      const a = accessOf(entity);
      if (!await a.view(auth, entityId)) throw AppError.forbidden();
      return db.select().from(files).where(and8(eq8(files.entity, entity), eq8(files.entityId, entityId), eq8(files.companyId, auth.user.companyId))).orderBy(desc(files.id));
    },
    async remove(auth, id) {
      const file = await find(id);
      if (!await allowed(auth, file, "view")) throw AppError.notFound();
      if (!await allowed(auth, file, "remove")) throw AppError.forbidden();
      for (const rule of deleteRules.get(file.entity) ?? []) await rule(file, auth);
      await db.transaction(async (tx) => {
        await tx.delete(files).where(eq8(files.id, id));
        await writeAudit(tx, { actor: auth.user, entity: "files", entityId: id, action: "delete", before: file });
      });
      await storage.remove(file.storageKey).catch(() => {
      });
    },
    /** Bytes of a stored file for server-side use (mail retries, attachments). */
    async read(id) {
      const file = await find(id);
      return { file, body: await storage.get(file.storageKey) };
    }
  };
}
var fileLink;
var init_files_service = __esm({
  "src/platform/files/files.service.ts"() {
    "use strict";
    init_audit();
    init_errors2();
    init_file_rules();
    init_files_table();
    init_storage();
    fileLink = (id) => `/api/files/${id}/download`;
  }
});

// src/platform/files/files.routes.ts
import { z as z21 } from "zod";
async function signFileLink(links, publicUrl, opts) {
  const expiresAt = new Date(Date.now() + Math.min(opts.seconds, MAX_LINK_SECONDS) * 1e3);
  const path = await links.sign(`/api/files/${opts.id}/${opts.mode}`, expiresAt);
  return { url: `${publicUrl}${path}`, expires_at: expiresAt.toISOString() };
}
function fileJson(f) {
  return {
    id: f.id,
    entity: f.entity,
    entity_id: f.entityId,
    category: f.category,
    name: f.originalName,
    mime: f.mime,
    size: f.size,
    uploaded_by: f.uploadedBy,
    created_at: new Date(f.createdAt).toISOString(),
    url: fileLink(f.id),
    preview_url: PREVIEW_MIMES.has(f.mime) ? `/api/files/${f.id}/preview` : null
  };
}
var FileSchema, DEFAULT_LINK_SECONDS, MAX_LINK_SECONDS, FileLinkBodySchema, EntityParams, IdParams4, contentDisposition, filesRoutes;
var init_files_routes = __esm({
  "src/platform/files/files.routes.ts"() {
    "use strict";
    init_src();
    init_guard();
    init_errors2();
    init_file_rules();
    init_files_service();
    init_read_upload();
    FileSchema = z21.object({
      id: z21.number().int(),
      entity: z21.string(),
      entity_id: z21.string(),
      category: z21.string().nullable(),
      name: z21.string(),
      mime: z21.string(),
      size: z21.number().int(),
      uploaded_by: z21.number().int().nullable(),
      created_at: z21.string(),
      url: z21.string(),
      preview_url: z21.string().nullable()
    });
    DEFAULT_LINK_SECONDS = 15 * 60;
    MAX_LINK_SECONDS = 7 * 24 * 3600;
    FileLinkBodySchema = z21.object({
      mode: z21.enum(["download", "preview"]).optional(),
      expires_in: z21.number().int().min(60).max(MAX_LINK_SECONDS).optional()
    }).optional();
    EntityParams = z21.object({
      entity: z21.string().regex(/^[a-z][a-z0-9_-]{0,40}$/),
      entityId: z21.string().regex(/^[\w-]{1,64}$/)
    });
    IdParams4 = z21.object({ id: z21.coerce.number().int().positive() });
    contentDisposition = (kind, name) => `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
    filesRoutes = {
      name: "files",
      register(app2, { files: files2, links, config: config2 }) {
        app2.post("/files/upload/:entity/:entityId", {
          config: { access: "session" },
          schema: { tags: ["Files"], params: EntityParams, response: { 200: z21.object({ file: FileSchema }) } },
          handler: async (req) => {
            const auth = caller(req);
            if (!files2.isRegistered(req.params.entity)) throw AppError.notFound();
            const { name, data, fields } = await readUpload(req, { maxBytes: files2.maxBytes });
            const category = fields.category?.slice(0, 64) ?? null;
            const row = await files2.upload({ auth, ...req.params, category, name, data });
            return { file: fileJson(row) };
          }
        });
        app2.get("/files/list/:entity/:entityId", {
          config: { access: "session" },
          schema: { tags: ["Files"], params: EntityParams, response: { 200: z21.object({ rows: z21.array(FileSchema) }) } },
          handler: async (req) => ({
            rows: (await files2.list(caller(req), req.params.entity, req.params.entityId)).map(fileJson)
          })
        });
        for (const mode of ["download", "preview"]) {
          app2.get(`/files/:id/${mode}`, {
            // The web's links carry the session cookie; a signed link (POST /files/:id/link) needs none.
            config: { access: "session", signedLinks: true },
            schema: { tags: ["Files"], params: IdParams4 },
            handler: async (req, reply) => {
              const { file, body } = req.signedLink ? await files2.openLinked(req.params.id, mode) : await files2.open(caller(req), req.params.id, mode);
              return reply.header("content-type", file.mime).header("content-length", body.length).header("x-content-type-options", "nosniff").header("cache-control", "private, no-store").header(
                "content-disposition",
                contentDisposition(mode === "preview" ? "inline" : "attachment", file.originalName)
              ).send(body);
            }
          });
        }
        app2.post("/files/:id/link", {
          config: { access: "session" },
          schema: {
            tags: ["Files"],
            description: "A link to the file that works without a session until it expires (e.g. to send by mail).",
            params: IdParams4,
            body: FileLinkBodySchema,
            response: { 200: z21.object({ url: z21.string(), expires_at: z21.string() }) }
          },
          handler: async (req) => {
            const { mode = "download", expires_in = DEFAULT_LINK_SECONDS } = req.body ?? {};
            const file = await files2.visible(caller(req), req.params.id, mode);
            return signFileLink(links, config2.publicUrl, { id: file.id, mode, seconds: expires_in });
          }
        });
        app2.delete("/files/:id", {
          config: { access: "session" },
          schema: { tags: ["Files"], params: IdParams4, response: { 200: z21.object({ message: z21.string() }) } },
          handler: async (req) => {
            await files2.remove(caller(req), req.params.id);
            return { message: MSG.recordDeleted };
          }
        });
      }
    };
  }
});

// ../shared/src/modules/factoring/factoring.contract.ts
import { z as z22 } from "zod";
var PAYMENT_TYPES, FactoringRowSchema, FactoringDetailsSchema, FactoringNoteSchema, percentField, FactoringFormSchema, FactoringEditResponseSchema, FactoringSaveResponseSchema, FactoringStartResponseSchema;
var init_factoring_contract = __esm({
  "../shared/src/modules/factoring/factoring.contract.ts"() {
    "use strict";
    init_contact_fields();
    PAYMENT_TYPES = ["ACH", "Wire", "Check", "Quick pay"];
    FactoringRowSchema = z22.object({
      id: z22.number().int(),
      name: z22.string(),
      phone: z22.string().nullable(),
      fax: z22.string().nullable(),
      address: z22.string().nullable(),
      city: z22.string().nullable(),
      percent: z22.number()
    });
    FactoringDetailsSchema = FactoringRowSchema.extend({
      email: z22.string().nullable(),
      state: z22.string().nullable(),
      zip: z22.string().nullable(),
      payment_type: z22.string().nullable()
    });
    FactoringNoteSchema = z22.object({
      id: z22.number().int(),
      text: z22.string(),
      created_at: z22.string(),
      created_by: z22.string().nullable()
    });
    percentField = z22.union([z22.number(), z22.string().trim()]).transform((v, ctx) => {
      const n = typeof v === "number" ? v : v === "" ? Number.NaN : Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 100) {
        ctx.addIssue({ code: "custom", message: "The percent is a number from 0 to 100." });
        return z22.NEVER;
      }
      if (Math.round(n * 100) !== Number((n * 100).toFixed(6))) {
        ctx.addIssue({ code: "custom", message: "The percent has at most 2 decimals." });
        return z22.NEVER;
      }
      return Math.round(n * 100);
    });
    FactoringFormSchema = z22.object({
      name: requiredText(160, "name"),
      phone: phoneField(),
      fax: phoneField("fax"),
      email: emailField(),
      address: textField(160, "address"),
      city: textField(120, "city"),
      state: z22.string().trim().toUpperCase().regex(/^([A-Z]{2})?$/, "The state is a two-letter code, e.g. TX."),
      zip: z22.string().trim().regex(/^(\d{5})?$/, "The zip code is five digits."),
      percent: percentField,
      payment_type: z22.enum(PAYMENT_TYPES, { message: "Choose a payment type." }).or(z22.literal("")),
      new_notes: z22.array(requiredText(1e3, "note")).max(50).default([]),
      remove_notes: z22.array(z22.number().int().positive()).max(200).default([])
    });
    FactoringEditResponseSchema = z22.object({
      factoring: FactoringDetailsSchema,
      notes_rows: z22.array(FactoringNoteSchema),
      payment_type: z22.array(z22.string())
    });
    FactoringSaveResponseSchema = z22.object({
      message: z22.string(),
      factoring: FactoringDetailsSchema,
      notes_rows: z22.array(FactoringNoteSchema)
    });
    FactoringStartResponseSchema = z22.object({ payment_type: z22.array(z22.string()), total: z22.number().int() });
  }
});

// src/modules/factoring/factoring.table.ts
import { index as index8, integer as integer10, pgTable as pgTable11, serial as serial10, text as text11, timestamp as timestamp11 } from "drizzle-orm/pg-core";
var factoringCompanies, factoringNotes;
var init_factoring_table = __esm({
  "src/modules/factoring/factoring.table.ts"() {
    "use strict";
    factoringCompanies = pgTable11("factoring_companies", {
      id: serial10().primaryKey(),
      companyId: integer10().notNull(),
      name: text11().notNull(),
      phone: text11(),
      fax: text11(),
      email: text11(),
      address: text11(),
      city: text11(),
      state: text11(),
      zip: text11(),
      /** Fee in basis points: 350 = 3.50 %. */
      percentBp: integer10().notNull().default(0),
      /** ACH, Check, Wire… */
      paymentType: text11(),
      createdAt: timestamp11({ withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp11({ withTimezone: true }).notNull().defaultNow()
    });
    factoringNotes = pgTable11(
      "factoring_notes",
      {
        id: serial10().primaryKey(),
        factoringCompanyId: integer10().notNull().references(() => factoringCompanies.id, { onDelete: "cascade" }),
        text: text11().notNull(),
        createdBy: integer10(),
        createdAt: timestamp11({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index8("factoring_notes_company_idx").on(t.factoringCompanyId)]
    );
  }
});

// src/modules/factoring/factoring.service.ts
import { and as and9, asc as asc3, eq as eq9, inArray as inArray2, sql as sql13 } from "drizzle-orm";
async function findFactoring(db, user, id) {
  const [row] = await db.select().from(factoringCompanies).where(and9(eq9(factoringCompanies.id, id), eq9(factoringCompanies.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}
async function notesOf(db, id) {
  const rows = await db.select({ id: factoringNotes.id, text: factoringNotes.text, createdAt: factoringNotes.createdAt, by: users.name }).from(factoringNotes).leftJoin(users, eq9(users.id, factoringNotes.createdBy)).where(eq9(factoringNotes.factoringCompanyId, id)).orderBy(asc3(factoringNotes.id));
  return rows.map((n) => ({ id: n.id, text: n.text, created_at: n.createdAt.toISOString(), created_by: n.by }));
}
async function getFactoring(db, user, id) {
  const row = await findFactoring(db, user, id);
  return { factoring: toDetails(row), notes_rows: await notesOf(db, id), payment_type: [...PAYMENT_TYPES] };
}
async function countFactoring(db, user) {
  const [row] = await db.select({ n: sql13`count(*)::int` }).from(factoringCompanies).where(eq9(factoringCompanies.companyId, user.companyId));
  return row?.n ?? 0;
}
async function listFactoringOptions(db, companyId) {
  return db.select({ id: factoringCompanies.id, name: factoringCompanies.name }).from(factoringCompanies).where(eq9(factoringCompanies.companyId, companyId)).orderBy(asc3(factoringCompanies.name));
}
async function saveFactoring(db, user, id, form) {
  const before = id === null ? null : await findFactoring(db, user, id);
  return db.transaction(async (tx) => {
    const [saved] = before ? await tx.update(factoringCompanies).set({ ...columnsOf2(form), updatedAt: /* @__PURE__ */ new Date() }).where(eq9(factoringCompanies.id, before.id)).returning() : await tx.insert(factoringCompanies).values({ companyId: user.companyId, ...columnsOf2(form) }).returning();
    if (!saved) throw new AppError("internal", "Factoring company not saved");
    if (form.remove_notes.length) {
      const removed = await tx.delete(factoringNotes).where(and9(inArray2(factoringNotes.id, form.remove_notes), eq9(factoringNotes.factoringCompanyId, saved.id))).returning();
      if (removed.length !== new Set(form.remove_notes).size)
        throw AppError.invalidField("remove_notes", "One of the selected notes does not belong here.");
      for (const note2 of removed)
        await writeAudit(tx, {
          actor: user,
          entity: "factoring_notes",
          entityId: note2.id,
          action: "delete",
          before: note2
        });
    }
    if (form.new_notes.length) {
      const added = await tx.insert(factoringNotes).values(form.new_notes.map((text31) => ({ factoringCompanyId: saved.id, text: text31, createdBy: user.id }))).returning();
      for (const note2 of added)
        await writeAudit(tx, {
          actor: user,
          entity: "factoring_notes",
          entityId: note2.id,
          action: "create",
          after: note2
        });
    }
    const details = toDetails(saved);
    await writeAudit(tx, {
      actor: user,
      entity: "factoring",
      entityId: saved.id,
      action: before ? "update" : "create",
      before: before ? toDetails(before) : null,
      after: details
    });
    return { factoring: details, notes_rows: await notesOf(tx, saved.id) };
  });
}
async function deleteFactoring(db, user, id) {
  const before = await findFactoring(db, user, id);
  const used = await db.execute(
    sql13`select count(*)::int as n from customers where factoring_company_id = ${id} and company_id = ${user.companyId}`
  );
  const n = used.rows[0]?.n ?? 0;
  if (n > 0) throw AppError.precondition(FACTORING_MSG.inUse(n));
  await db.transaction(async (tx) => {
    await tx.delete(factoringCompanies).where(eq9(factoringCompanies.id, id));
    await writeAudit(tx, {
      actor: user,
      entity: "factoring",
      entityId: id,
      action: "delete",
      before: toDetails(before)
    });
  });
}
var FACTORING_MSG, toDetails, columnsOf2;
var init_factoring_service = __esm({
  "src/modules/factoring/factoring.service.ts"() {
    "use strict";
    init_contact_fields();
    init_factoring_contract();
    init_audit();
    init_auth_table();
    init_errors2();
    init_factoring_table();
    FACTORING_MSG = {
      inUse: (n) => `The factoring company is set on ${n} customer${n === 1 ? "" : "s"}; choose another one for them first.`
    };
    toDetails = (f) => ({
      id: f.id,
      name: f.name,
      phone: f.phone,
      fax: f.fax,
      address: f.address,
      city: f.city,
      percent: f.percentBp / 100,
      email: f.email,
      state: f.state,
      zip: f.zip,
      payment_type: f.paymentType
    });
    columnsOf2 = (form) => ({
      name: form.name,
      phone: orNull(form.phone),
      fax: orNull(form.fax),
      email: orNull(form.email),
      address: orNull(form.address),
      city: orNull(form.city),
      state: orNull(form.state),
      zip: orNull(form.zip),
      percentBp: form.percent,
      paymentType: orNull(form.payment_type)
    });
  }
});

// src/modules/factoring/index.ts
var init_factoring = __esm({
  "src/modules/factoring/index.ts"() {
    "use strict";
    init_factoring_service();
    init_factoring_table();
  }
});

// src/modules/customers/customers.table.ts
import { bigint as bigint3, index as index9, integer as integer11, pgTable as pgTable12, serial as serial11, smallint as smallint3, text as text12, timestamp as timestamp12 } from "drizzle-orm/pg-core";
var customers, customerExceptions;
var init_customers_table = __esm({
  "src/modules/customers/customers.table.ts"() {
    "use strict";
    init_auth_table();
    customers = pgTable12(
      "customers",
      {
        id: serial11().primaryKey(),
        companyId: integer11().notNull(),
        name: text12().notNull(),
        email: text12(),
        phone: text12(),
        mcNumber: text12(),
        dotNumber: text12(),
        address: text12(),
        city: text12(),
        state: text12(),
        zip: text12(),
        saleManagerId: integer11(),
        frozen: smallint3().notNull().default(0),
        /** Services bought from us: dispatch, safety, accounting, shop. */
        services: text12().array().notNull().default([]),
        /** Maintained by receivables: what the customer owes, in cents. */
        balanceCents: bigint3({ mode: "number" }).notNull().default(0),
        /** Payment terms in days after an invoice's period ends (null: the default 15); AR aging reads it. */
        paymentTermsDays: integer11(),
        findUs: text12(),
        factoringCompanyId: integer11(),
        createdAt: timestamp12({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp12({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index9("customers_company_name_idx").on(t.companyId, t.name)]
    );
    customerExceptions = pgTable12(
      "customer_exceptions",
      {
        id: serial11().primaryKey(),
        customerId: integer11().notNull().references(() => customers.id, { onDelete: "cascade" }),
        text: text12().notNull(),
        createdBy: integer11(),
        createdAt: timestamp12({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index9("customer_exceptions_customer_idx").on(t.customerId)]
    );
    referenceCustomers(() => customers.id);
  }
});

// src/modules/customers/customers.service.ts
import { and as and10, asc as asc4, eq as eq10, inArray as inArray3, isNull as isNull2, sql as sql14 } from "drizzle-orm";
function toDetails2(r) {
  const c = r.record;
  return {
    id: c.id,
    name: c.name,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    sale_manager: r.saleManager,
    sale_manager_id: c.saleManagerId,
    email: c.email,
    phone: c.phone,
    frozen: c.frozen,
    services: c.services.join(", "),
    services_list: c.services,
    balance: c.balanceCents / 100,
    find_us: c.findUs,
    mc_number: c.mcNumber,
    dot_number: c.dotNumber,
    address: c.address,
    city: c.city,
    state: c.state,
    zip: c.zip,
    factoring_company_id: c.factoringCompanyId,
    factoring_company: r.factoringCompany
  };
}
async function findDetails(db, user, id) {
  const [row] = await db.select(detailsSelect).from(customers).leftJoin(users, eq10(users.id, customers.saleManagerId)).where(scoped(user, id));
  if (!row) throw AppError.notFound();
  return toDetails2(row);
}
async function listCustomerOptions(db, user, opts = {}) {
  const rows = await db.select({ id: customers.id, name: customers.name }).from(customers).where(scoped(user)).orderBy(asc4(customers.name));
  return opts.all === false ? rows : [{ ...ALL_CUSTOMERS }, ...rows];
}
async function formOptions(db, user) {
  const managers = await db.select({ id: users.id, name: users.name }).from(users).where(and10(eq10(users.companyId, user.companyId), isNull2(users.customerId), eq10(users.active, true))).orderBy(asc4(users.name));
  return {
    sale_managers: managers,
    factoring_companies: await listFactoringOptions(db, user.companyId),
    services: [...CUSTOMER_SERVICES],
    find_us: [...FIND_US_OPTIONS],
    frozen: Object.entries(FROZEN_LABELS).map(([id, name]) => ({ id: Number(id), name }))
  };
}
async function exceptionsOf(db, customerId2) {
  const rows = await db.select().from(customerExceptions).where(eq10(customerExceptions.customerId, customerId2)).orderBy(asc4(customerExceptions.id));
  return rows.map((e) => ({ id: e.id, text: e.text, created_at: e.createdAt.toISOString() }));
}
async function countLinks(db, customerId2) {
  const result = await db.execute(sql14`select
      (select count(*) from drivers where customer_id = ${customerId2})::int as drivers,
      (select count(*) from trucks where customer_id = ${customerId2})::int as trucks,
      (select count(*) from trailers where customer_id = ${customerId2})::int as trailers,
      (select count(*) from users where customer_id = ${customerId2})::int as users`);
  return result.rows[0] ?? { drivers: 0, trucks: 0, trailers: 0, users: 0 };
}
async function getCard(db, user, id) {
  const customer = await findDetails(db, user, id);
  const fileRows = await db.select().from(files).where(and10(eq10(files.entity, CUSTOMERS_ENTITY), eq10(files.entityId, String(id)), eq10(files.companyId, user.companyId))).orderBy(asc4(files.id));
  const { drivers: drivers2, trucks: trucks2, trailers: trailers2 } = await countLinks(db, id);
  return {
    customer,
    exceptions: await exceptionsOf(db, id),
    files: fileRows.map(fileJson),
    counts: { drivers: drivers2, trucks: trucks2, trailers: trailers2 }
  };
}
async function getDescription(db, user, id) {
  const customer = await findDetails(db, user, id);
  const description = await exceptionsOf(db, id);
  return { id, name: customer.name, description, count: description.length };
}
async function checkReferences2(db, user, form) {
  const errors = {};
  if (form.sale_manager_id !== null) {
    const [m] = await db.select({ id: users.id }).from(users).where(and10(eq10(users.id, form.sale_manager_id), eq10(users.companyId, user.companyId), isNull2(users.customerId)));
    if (!m) errors.sale_manager_id = [CUSTOMER_MSG.unknownManager];
  }
  if (form.factoring_company_id !== null) {
    const options = await listFactoringOptions(db, user.companyId);
    if (!options.some((o) => o.id === form.factoring_company_id))
      errors.factoring_company_id = [CUSTOMER_MSG.unknownFactoring];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}
async function saveCustomer(db, auth, type, form) {
  const { user, grants } = auth;
  const action = type === "create" ? ACTION.CREATE : ACTION.EDIT;
  if (!can(grants, { section: SECTION.Customers, action })) throw AppError.forbidden();
  if (type === "update" && form.division_id === void 0)
    throw AppError.invalidField("division_id", CUSTOMER_MSG.divisionIdRequired);
  if (type === "create" && form.division_id !== void 0)
    throw AppError.invalidField("division_id", CUSTOMER_MSG.divisionIdOnCreate);
  if (type === "create" && user.customerId !== null) throw AppError.forbidden();
  const before = form.division_id === void 0 ? null : await findDetails(db, user, form.division_id);
  await checkReferences2(db, user, form);
  return db.transaction(async (tx) => {
    const [saved] = before ? await tx.update(customers).set({ ...columnsOf3(form), updatedAt: /* @__PURE__ */ new Date() }).where(eq10(customers.id, before.id)).returning({ id: customers.id }) : await tx.insert(customers).values({ companyId: user.companyId, ...columnsOf3(form) }).returning({ id: customers.id });
    if (!saved) throw new AppError("internal", "Customer not saved");
    if (form.exceptions.length) {
      const added = await tx.insert(customerExceptions).values(form.exceptions.map((text31) => ({ customerId: saved.id, text: text31, createdBy: user.id }))).returning();
      for (const e of added)
        await writeAudit(tx, {
          actor: user,
          entity: "customer_exceptions",
          entityId: e.id,
          action: "create",
          after: e
        });
    }
    const after = await findDetails(tx, user, saved.id);
    await writeAudit(tx, {
      actor: user,
      entity: CUSTOMERS_ENTITY,
      entityId: saved.id,
      action: before ? "update" : "create",
      before,
      after
    });
    return after;
  });
}
async function deleteCustomer(db, filesService, user, id) {
  const before = await findDetails(db, user, id);
  const links = await countLinks(db, id);
  const busy = ["drivers", "trucks", "trailers", "users"].filter((k) => links[k] > 0);
  if (busy.length) throw AppError.precondition(CUSTOMER_MSG.inUse(busy.join(", ")));
  if (before.balance !== 0) throw AppError.precondition(CUSTOMER_MSG.balance);
  const fileRows = await db.select().from(files).where(and10(eq10(files.entity, CUSTOMERS_ENTITY), eq10(files.entityId, String(id))));
  await db.transaction(async (tx) => {
    await tx.delete(customers).where(eq10(customers.id, id));
    if (fileRows.length)
      await tx.delete(files).where(
        inArray3(
          files.id,
          fileRows.map((f) => f.id)
        )
      );
    await writeAudit(tx, { actor: user, entity: CUSTOMERS_ENTITY, entityId: id, action: "delete", before });
  });
  for (const f of fileRows) await filesService.storage.remove(f.storageKey).catch(() => {
  });
}
async function ownerOfDrafts(db, user, owners) {
  const distinct = [...new Set(owners.map(Number))];
  if (distinct.length !== 1 || !Number.isInteger(distinct[0]))
    throw AppError.invalidField("ids", "One of the selected records does not belong here.");
  const id = distinct[0];
  const [mine] = await db.select({ id: customers.id }).from(customers).where(scoped(user, id));
  if (!mine) throw AppError.invalidField("ids", "One of the selected records does not belong here.");
  return id;
}
async function deleteExceptions(db, user, ids2) {
  const rows = await db.select({ customerId: customerExceptions.customerId }).from(customerExceptions).where(inArray3(customerExceptions.id, ids2));
  const ownerId = await ownerOfDrafts(
    db,
    user,
    rows.map((r) => r.customerId)
  );
  return applyDraftedDeletions(db, {
    actor: user,
    table: customerExceptions,
    entity: "customer_exceptions",
    ids: ids2,
    ownerColumn: customerExceptions.customerId,
    ownerId
  });
}
async function deleteFiles(db, filesService, user, ids2) {
  const rows = await db.select().from(files).where(and10(inArray3(files.id, ids2), eq10(files.entity, CUSTOMERS_ENTITY), eq10(files.companyId, user.companyId)));
  if (rows.length !== new Set(ids2).size)
    throw AppError.invalidField("ids", "One of the selected records does not belong here.");
  const ownerId = await ownerOfDrafts(
    db,
    user,
    rows.map((r) => r.entityId)
  );
  const deleted = await applyDraftedDeletions(db, {
    actor: user,
    table: files,
    entity: "files",
    ids: ids2,
    ownerColumn: files.entityId,
    ownerId
  });
  for (const f of rows) await filesService.storage.remove(f.storageKey).catch(() => {
  });
  return deleted;
}
var CUSTOMERS_ENTITY, CUSTOMER_MSG, scoped, detailsSelect, columnsOf3;
var init_customers_service = __esm({
  "src/modules/customers/customers.service.ts"() {
    "use strict";
    init_src();
    init_contact_fields();
    init_customers_contract();
    init_audit();
    init_auth_table();
    init_errors2();
    init_files_routes();
    init_files_table();
    init_drafted_deletions();
    init_factoring();
    init_customers_table();
    CUSTOMERS_ENTITY = "customers";
    CUSTOMER_MSG = {
      divisionIdRequired: "The Division ID is required to update a customer.",
      divisionIdOnCreate: "A new customer has no Division ID yet.",
      unknownManager: "Choose a sale manager of the company.",
      unknownFactoring: "Choose a factoring company of the list.",
      inUse: (what) => `The customer still has ${what}; move them to another customer first.`,
      balance: "The customer has an open balance; settle it before deleting."
    };
    scoped = (user, id) => and10(
      eq10(customers.companyId, user.companyId),
      user.customerId === null ? void 0 : eq10(customers.id, user.customerId),
      id === void 0 ? void 0 : eq10(customers.id, id)
    );
    detailsSelect = {
      record: customers,
      saleManager: users.name,
      factoringCompany: sql14`(select f.name from factoring_companies f where f.id = ${customers.factoringCompanyId})`
    };
    columnsOf3 = (form) => ({
      name: form.name,
      email: orNull(form.email),
      phone: orNull(form.phone),
      mcNumber: orNull(form.mc_number),
      dotNumber: orNull(form.dot_number),
      address: orNull(form.address),
      city: orNull(form.city),
      state: orNull(form.state),
      zip: orNull(form.zip),
      saleManagerId: form.sale_manager_id,
      factoringCompanyId: form.factoring_company_id,
      frozen: form.frozen,
      services: [...new Set(form.services)],
      findUs: orNull(form.find_us)
    });
  }
});

// src/modules/customers/index.ts
var init_customers = __esm({
  "src/modules/customers/index.ts"() {
    "use strict";
    init_customers_list();
    init_customers_service();
    init_customers_table();
  }
});

// src/modules/clients/clients.table.ts
import { date, index as index10, integer as integer12, pgTable as pgTable13, serial as serial12, text as text13, timestamp as timestamp13 } from "drizzle-orm/pg-core";
var salesLeads, salesLeadDescriptions, salesLeadInvoices;
var init_clients_table = __esm({
  "src/modules/clients/clients.table.ts"() {
    "use strict";
    salesLeads = pgTable13(
      "sales_leads",
      {
        id: serial12().primaryKey(),
        companyId: integer12().notNull(),
        kind: text13().notNull(),
        mc: text13(),
        truckQuantity: integer12(),
        carrier: text13().notNull(),
        contact: text13(),
        phone: text13(),
        email: text13(),
        comment: text13(),
        status: text13().notNull().default("New"),
        customerId: integer12(),
        createdAt: timestamp13({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp13({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index10("sales_leads_kind_idx").on(t.companyId, t.kind, t.updatedAt)]
    );
    salesLeadDescriptions = pgTable13("sales_lead_descriptions", {
      id: serial12().primaryKey(),
      leadId: integer12().notNull().references(() => salesLeads.id, { onDelete: "cascade" }),
      text: text13().notNull(),
      createdBy: integer12(),
      createdAt: timestamp13({ withTimezone: true }).notNull().defaultNow()
    });
    salesLeadInvoices = pgTable13("sales_lead_invoices", {
      id: serial12().primaryKey(),
      leadId: integer12().notNull().references(() => salesLeads.id, { onDelete: "cascade" }),
      number: text13().notNull(),
      amountCents: integer12().notNull(),
      issuedOn: date(),
      fileId: integer12()
    });
  }
});

// src/modules/clients/clients.service.ts
import { and as and11, asc as asc5, eq as eq11, inArray as inArray4 } from "drizzle-orm";
async function findLead(db, user, kind, id) {
  const [row] = await db.select().from(salesLeads).where(scoped2(user, kind, id));
  if (!row) throw AppError.notFound();
  return row;
}
async function startLead(db, user, customerId2) {
  const customers2 = await listCustomerOptions(db, user, { all: false });
  if (customerId2 !== null && !customers2.some((c) => c.id === customerId2)) throw AppError.notFound();
  return { statuses: [...LEAD_STATUSES], customers: customers2, row: { customer_id: customerId2, status: "New" } };
}
async function editLead(db, user, kind, id) {
  const lead = await findLead(db, user, kind, id);
  const descriptions = await db.select().from(salesLeadDescriptions).where(eq11(salesLeadDescriptions.leadId, id)).orderBy(asc5(salesLeadDescriptions.id));
  const invoices3 = await db.select().from(salesLeadInvoices).where(eq11(salesLeadInvoices.leadId, id)).orderBy(asc5(salesLeadInvoices.id));
  return {
    row: { ...leadRow(lead), customer_id: lead.customerId },
    descriptions: descriptions.map((d) => ({ id: d.id, text: d.text, created_at: d.createdAt.toISOString() })),
    invoices: invoices3.map((i) => ({ id: i.id, number: i.number, amount: i.amountCents / 100, issued_on: i.issuedOn })),
    statuses: [...LEAD_STATUSES]
  };
}
async function saveLead(db, user, kind, id, form) {
  const before = id === null ? null : await findLead(db, user, kind, id);
  const customerId2 = form.customer_id === void 0 ? before?.customerId ?? user.customerId : form.customer_id;
  if (customerId2 !== null && customerId2 !== void 0) {
    const allowed = await listCustomerOptions(db, user, { all: false });
    if (!allowed.some((c) => c.id === customerId2))
      throw AppError.invalidField("customer_id", "Choose a customer of the list.");
  }
  return db.transaction(async (tx) => {
    const values2 = { ...columnsOf4(form), customerId: customerId2 ?? null };
    const [saved] = before ? await tx.update(salesLeads).set({ ...values2, updatedAt: /* @__PURE__ */ new Date() }).where(eq11(salesLeads.id, before.id)).returning() : await tx.insert(salesLeads).values({ companyId: user.companyId, kind, ...values2 }).returning();
    if (!saved) throw new AppError("internal", "Lead not saved");
    const row = leadRow(saved);
    await writeAudit(tx, {
      actor: user,
      entity: LEAD_ENTITY[kind],
      entityId: saved.id,
      action: before ? "update" : "create",
      before: before ? leadRow(before) : null,
      after: row
    });
    return { message: MSG.savingSuccess, row, removed: saved.status === CANCELED };
  });
}
async function deleteLead(db, user, kind, id) {
  const before = await findLead(db, user, kind, id);
  await db.transaction(async (tx) => {
    await tx.delete(salesLeads).where(eq11(salesLeads.id, id));
    await writeAudit(tx, {
      actor: user,
      entity: LEAD_ENTITY[kind],
      entityId: id,
      action: "delete",
      before: leadRow(before)
    });
  });
}
async function destroyDrafted(db, user, kind, which, ids2) {
  const table = which === "description" ? salesLeadDescriptions : salesLeadInvoices;
  const leadColumn = table.leadId;
  const owners = await db.select({ leadId: table.leadId }).from(table).where(inArray4(table.id, ids2));
  const leadIds = [...new Set(owners.map((o) => o.leadId))];
  const [leadId] = leadIds;
  if (leadIds.length !== 1 || leadId === void 0)
    throw AppError.invalidField("ids", "One of the selected records does not belong here.");
  await findLead(db, user, kind, leadId).catch(() => {
    throw AppError.invalidField("ids", "One of the selected records does not belong here.");
  });
  return applyDraftedDeletions(db, {
    actor: user,
    table,
    entity: which === "description" ? "sales_lead_descriptions" : "sales_lead_invoices",
    ids: ids2,
    ownerColumn: leadColumn,
    ownerId: leadId
  });
}
var LEAD_ENTITY, leadRow, scoped2, columnsOf4;
var init_clients_service = __esm({
  "src/modules/clients/clients.service.ts"() {
    "use strict";
    init_src();
    init_clients_contract();
    init_contact_fields();
    init_audit();
    init_errors2();
    init_drafted_deletions();
    init_customers();
    init_clients_table();
    LEAD_ENTITY = { potential: "potential_clients", client: "clients" };
    leadRow = (l) => ({
      id: l.id,
      updated_at: l.updatedAt.toISOString(),
      mc: l.mc,
      truck_quantity: l.truckQuantity,
      carrier: l.carrier,
      contact: l.contact,
      phone: l.phone,
      email: l.email,
      comment: l.comment,
      status: l.status
    });
    scoped2 = (user, kind, id) => and11(
      eq11(salesLeads.companyId, user.companyId),
      eq11(salesLeads.kind, kind),
      user.customerId === null ? void 0 : eq11(salesLeads.customerId, user.customerId),
      id === void 0 ? void 0 : eq11(salesLeads.id, id)
    );
    columnsOf4 = (form) => ({
      mc: orNull(form.mc),
      truckQuantity: form.truck_quantity,
      carrier: form.carrier,
      contact: orNull(form.contact),
      phone: orNull(form.phone),
      email: orNull(form.email),
      comment: orNull(form.comment),
      status: form.status
    });
  }
});

// src/modules/clients/clients.import.ts
import { and as and12, eq as eq12, isNotNull } from "drizzle-orm";
var leadImport;
var init_clients_import = __esm({
  "src/modules/clients/clients.import.ts"() {
    "use strict";
    init_clients_contract();
    init_contact_fields();
    init_audit();
    init_clients_service();
    init_clients_table();
    leadImport = (kind) => ({
      definition: LEAD_IMPORT,
      async existing(db, user) {
        const rows = await db.select({ mc: salesLeads.mc }).from(salesLeads).where(and12(eq12(salesLeads.companyId, user.companyId), eq12(salesLeads.kind, kind), isNotNull(salesLeads.mc)));
        return { mc: new Set(rows.map((r) => r.mc)) };
      },
      async save(tx, user, leads) {
        const saved = await tx.insert(salesLeads).values(
          leads.map((l) => ({
            companyId: user.companyId,
            kind,
            mc: orNull(l.mc),
            truckQuantity: l.truck_quantity,
            carrier: l.carrier,
            contact: orNull(l.contact),
            phone: orNull(l.phone),
            email: orNull(l.email),
            comment: orNull(l.comment),
            customerId: user.customerId
          }))
        ).returning();
        for (const lead of saved)
          await writeAudit(tx, {
            actor: user,
            entity: LEAD_ENTITY[kind],
            entityId: lead.id,
            action: "import",
            after: leadRow(lead)
          });
        return saved.length;
      }
    });
  }
});

// src/modules/clients/clients.list.ts
import { sql as sql15 } from "drizzle-orm";
function defineLeadsList(kind) {
  return defineList({
    key: LEAD_PATHS[kind],
    title: LEAD_TITLES[kind],
    section: SECTION.Customers,
    from: sql15`sales_leads`,
    rowKey: sql15`sales_leads.id`,
    base: (user) => sql15`sales_leads.company_id = ${user.companyId} and sales_leads.kind = ${kind} and sales_leads.status <> ${CANCELED}${user.customerId === null ? sql15`` : sql15` and sales_leads.customer_id = ${user.customerId}`}`,
    defaultSort: { sort: "updated_at", order: "desc" },
    columns: [
      { id: "id", title: "ID", sql: sql15`sales_leads.id`, filter: "number", footer: "count", align: "left" },
      { id: "updated_at", title: "Updated", sql: sql15`sales_leads.updated_at`, filter: "date", dateType: "timestamp" },
      { id: "mc", title: "MC", sql: sql15`sales_leads.mc`, filter: "note", search: true },
      {
        id: "truck_quantity",
        title: "Trucks",
        sql: sql15`sales_leads.truck_quantity`,
        filter: "number",
        footer: "sum",
        align: "right",
        exportKind: "number"
      },
      { id: "carrier", title: "Carrier", sql: sql15`sales_leads.carrier`, filter: "note", search: true, clip: 40 },
      { id: "contact", title: "Contact", sql: sql15`sales_leads.contact`, filter: "note", search: true },
      { id: "phone", title: "Phone", sql: sql15`sales_leads.phone`, filter: "note", search: true },
      { id: "email", title: "E-mail", sql: sql15`sales_leads.email`, filter: "note", search: true },
      {
        id: "comment",
        title: "Comment",
        sql: sql15`sales_leads.comment`,
        filter: "note",
        clip: COMMENT_CLIP,
        sortable: false
      },
      { id: "status", title: "Status", sql: sql15`sales_leads.status`, filter: "list", hidden: true }
    ]
  });
}
var LEAD_LISTS;
var init_clients_list = __esm({
  "src/modules/clients/clients.list.ts"() {
    "use strict";
    init_src();
    init_clients_contract();
    init_define_list();
    LEAD_LISTS = {
      potential: defineLeadsList("potential"),
      client: defineLeadsList("client")
    };
  }
});

// src/modules/clients/clients.routes.ts
import { z as z23 } from "zod";
function registerLeadRoutes(app2, { database: { db }, files: files2 }, kind) {
  const base = `/${LEAD_PATHS[kind]}`;
  const tags = [LEAD_TITLES[kind]];
  registerListRoute(app2, db, LEAD_LISTS[kind], { url: `${base}/list`, tags, access });
  app2.get(base, {
    config: { access },
    schema: { tags, response: { 200: LeadStartResponseSchema } },
    handler: async (req) => startLead(db, caller(req).user, null)
  });
  app2.get(`${base}/create`, {
    config: { access },
    schema: { tags, querystring: CreateQuery, response: { 200: LeadStartResponseSchema } },
    handler: async (req) => startLead(db, caller(req).user, req.query.customer_id ?? null)
  });
  app2.get(`${base}/:id/edit`, {
    config: { access },
    schema: { tags, params: IdParams5, response: { 200: LeadEditResponseSchema } },
    handler: async (req) => editLead(db, caller(req).user, kind, req.params.id)
  });
  app2.post(base, {
    config: { access },
    schema: { tags, body: LeadFormSchema, response: { 200: LeadSaveResponseSchema } },
    handler: async (req) => saveLead(db, caller(req).user, kind, req.body.id ?? null, req.body)
  });
  app2.put(`${base}/:id`, {
    config: { access },
    schema: { tags, params: IdParams5, body: LeadFormSchema, response: { 200: LeadSaveResponseSchema } },
    handler: async (req) => saveLead(db, caller(req).user, kind, req.params.id, req.body)
  });
  app2.delete(`${base}/:id`, {
    config: { access },
    schema: { tags, params: IdParams5, response: { 200: MessageBodySchema } },
    handler: async (req) => {
      await deleteLead(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removalSuccess };
    }
  });
  for (const which of ["description", "invoice"]) {
    const name = which === "description" ? "destroyDescription" : "destroyInvoice";
    app2.post(`${base}/${name}`, {
      config: { access },
      schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
      handler: async (req) => ({
        message: MSG.removalSuccess,
        deleted: await destroyDrafted(db, caller(req).user, kind, which, req.body.ids)
      })
    });
  }
  registerImportRoutes(app2, { db, maxBytes: files2.maxBytes, base, access, tags, spec: leadImport(kind) });
}
var IdParams5, CreateQuery, access, clientsRoutes;
var init_clients_routes = __esm({
  "src/modules/clients/clients.routes.ts"() {
    "use strict";
    init_src();
    init_clients_contract();
    init_contact_fields();
    init_guard();
    init_import();
    init_list_routes();
    init_clients_import();
    init_clients_list();
    init_clients_service();
    IdParams5 = z23.object({ id: z23.coerce.number().int().positive() });
    CreateQuery = z23.object({ customer_id: z23.coerce.number().int().positive().optional() });
    access = { section: SECTION.Customers };
    clientsRoutes = {
      name: "clients",
      register(app2, deps) {
        for (const kind of LEAD_KINDS) registerLeadRoutes(app2, deps, kind);
      }
    };
  }
});

// src/platform/files/file-entities.ts
function sectionFileAccess(section2) {
  return {
    view: (auth) => can(auth.grants, { section: section2, action: [ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD, ACTION.VIEW] }),
    upload: (auth) => can(auth.grants, { section: section2, action: [ACTION.FILE_UPLOAD, ACTION.EDIT] }),
    remove: (auth) => can(auth.grants, { section: section2, action: [ACTION.FILE_DELETE, ACTION.DELETE] })
  };
}
function registerPlatformFileEntities(files2) {
  files2.registerEntity("exports", {
    view: (auth, entityId) => String(auth.user.id) === entityId,
    upload: () => false
  });
  files2.registerEntity("mail", {
    view: (auth) => can(auth.grants, { section: SECTION.Mail, action: ACTION.VIEW }),
    upload: () => false
  });
}
var init_file_entities = __esm({
  "src/platform/files/file-entities.ts"() {
    "use strict";
    init_src();
  }
});

// src/platform/registry/registry-routes.ts
import { z as z24 } from "zod";
function registerRegistryListRoutes(app2, db, opts) {
  const { prefix, list: list2, tags } = opts;
  const access2 = { section: list2.section };
  const rewrite = opts.body ?? ((body) => body);
  for (const url of opts.postUrls ?? [`${prefix}/list`]) {
    app2.post(url, {
      config: { access: access2 },
      schema: { tags, body: z24.unknown() },
      handler: async (req) => runList(db, list2, caller(req).user, rewrite(req.body))
    });
  }
  for (const url of opts.getUrls ?? [prefix, `${prefix}/list`]) {
    app2.get(url, {
      config: { access: access2 },
      schema: { tags },
      handler: async (req) => runList(db, list2, caller(req).user, {})
    });
  }
  if (opts.filters !== false) {
    const request = opts.filters?.request ?? { limit: 1 };
    const keys = opts.filters?.keys ?? ["filter"];
    app2.post(`${prefix}/filters`, {
      config: { access: access2 },
      schema: { tags, body: z24.unknown() },
      handler: async (req) => {
        const result = await runList(db, list2, caller(req).user, request);
        return Object.fromEntries(keys.map((k) => [k, result[k]]));
      }
    });
  }
  if (opts.changeLog) {
    registerListRoute(app2, db, opts.changeLog, {
      url: `${prefix}/filterLogs`,
      tags,
      access: { section: list2.section, action: [ACTION.EDIT, ACTION.VIEW], match: "all" }
    });
  }
}
var init_registry_routes = __esm({
  "src/platform/registry/registry-routes.ts"() {
    "use strict";
    init_src();
    init_guard();
    init_list_routes();
    init_run_list();
  }
});

// src/modules/customers/customers.routes.ts
import { z as z25 } from "zod";
var IdParams6, can4, inScope, customersRoutes;
var init_customers_routes = __esm({
  "src/modules/customers/customers.routes.ts"() {
    "use strict";
    init_src();
    init_contact_fields();
    init_customers_contract();
    init_guard();
    init_errors2();
    init_file_entities();
    init_registry_routes();
    init_customers_list();
    init_customers_service();
    IdParams6 = z25.object({ id: z25.coerce.number().int().positive() });
    can4 = (action, match) => ({
      section: SECTION.Customers,
      ...action ? { action } : {},
      ...match ? { match } : {}
    });
    inScope = (auth, customerId2) => auth.user.customerId === null || String(auth.user.customerId) === customerId2;
    customersRoutes = {
      name: "customers",
      register(app2, { database: { db }, files: files2 }) {
        const tags = ["Customers"];
        const base = sectionFileAccess(SECTION.Customers);
        files2.registerEntity(CUSTOMERS_ENTITY, {
          view: (auth, id) => inScope(auth, id) && base.view(auth, id),
          upload: (auth, id) => inScope(auth, id) && Boolean(base.upload?.(auth, id)),
          remove: (auth, id) => inScope(auth, id) && Boolean(base.remove?.(auth, id))
        });
        registerRegistryListRoutes(app2, db, {
          prefix: "/customers",
          list: customersList,
          changeLog: customersLog,
          tags,
          postUrls: ["/customers/list", "/customers"],
          getUrls: ["/customers/list"],
          filters: { request: { limit: 1, with_options: true } }
        });
        app2.get("/customers", {
          config: { access: can4() },
          schema: { tags, response: { 200: CustomerFormOptionsSchema } },
          handler: async (req) => formOptions(db, caller(req).user)
        });
        for (const method of ["GET", "POST"]) {
          app2.route({
            method,
            url: "/getCustomers",
            // Other screens filter by customer: any signed-in user, inside its row scope.
            config: { access: "session" },
            schema: { tags, response: { 200: GetCustomersResponseSchema } },
            handler: async (req) => {
              const body = GetCustomersBodySchema.safeParse(method === "POST" ? req.body ?? {} : {});
              if (!body.success) throw AppError.invalidField("all", "Use true or false.");
              return { customers: await listCustomerOptions(db, caller(req).user, body.data) };
            }
          });
        }
        app2.get("/customers/description/:id", {
          config: { access: can4() },
          schema: { tags, params: IdParams6, response: { 200: CustomerDescriptionSchema } },
          handler: async (req) => getDescription(db, caller(req).user, req.params.id)
        });
        app2.get("/customers/:id", {
          config: { access: can4() },
          schema: { tags, params: IdParams6, response: { 200: CustomerCardSchema } },
          handler: async (req) => getCard(db, caller(req).user, req.params.id)
        });
        app2.post("/customers/:type(^create$|^update$)", {
          config: { access: can4([ACTION.CREATE, ACTION.EDIT]) },
          schema: {
            tags,
            params: z25.object({ type: CustomerTypeSchema }),
            body: CustomerFormSchema,
            response: { 200: CustomerSaveResponseSchema }
          },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            customer: await saveCustomer(db, caller(req), req.params.type, req.body)
          })
        });
        app2.delete("/customers/:id", {
          config: { access: can4(ACTION.DELETE) },
          schema: { tags, params: IdParams6, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteCustomer(db, files2, caller(req).user, req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
        app2.post("/customers/deleteExceptions", {
          config: { access: can4(ACTION.EDIT) },
          schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
          handler: async (req) => ({
            message: MSG.removalSuccess,
            deleted: await deleteExceptions(db, caller(req).user, req.body.ids)
          })
        });
        app2.post("/customers/deleteFail", {
          config: { access: can4([ACTION.FILE_DELETE, ACTION.DELETE]) },
          schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
          handler: async (req) => ({
            message: MSG.removalSuccess,
            deleted: await deleteFiles(db, files2, caller(req).user, req.body.ids)
          })
        });
      }
    };
  }
});

// ../shared/src/modules/statistics/statistics.contract.ts
import { z as z26 } from "zod";
var CHART, STATISTICS_DEFAULT_WEEKS, DAILY_MAX_DAYS, SPOT_RATE_DAYS, IsoDate, DateTypeSchema, DatePeriodSchema, WeeksSchema, StatisticsWindowSchema, GraphSeriesSchema, DispatcherFigureSchema, StatisticsTotalsSchema, StatisticsGraphResponseSchema, RateAverageResponseSchema, SendCustomerReportBodySchema, SendCustomerReportResponseSchema, Month, SafetyStatisticBodySchema, SafetyMonthSchema, SafetyStatisticResponseSchema, SafetyMonthParamsSchema, SafetyCustomerRowSchema, SafetyMonthDetailSchema;
var init_statistics_contract = __esm({
  "../shared/src/modules/statistics/statistics.contract.ts"() {
    "use strict";
    init_dates();
    init_constants2();
    CHART = {
      barThickness: SPEC.charts.bar_thickness,
      lineTension: SPEC.charts.line_tension,
      animationMs: SPEC.charts.animation_ms
    };
    STATISTICS_DEFAULT_WEEKS = 4;
    DAILY_MAX_DAYS = 31;
    SPOT_RATE_DAYS = 7;
    IsoDate = dateSchema();
    DateTypeSchema = z26.union([z26.literal(1), z26.literal(2), z26.enum(["PickUp", "Delivery", "pickup", "delivery"])]).transform((t) => t === 1 || t === "PickUp" || t === "pickup" ? "PickUp" : "Delivery");
    DatePeriodSchema = z26.object({
      type: DateTypeSchema.default("Delivery"),
      date: IsoDate.optional(),
      from: IsoDate.optional(),
      to: IsoDate.optional()
    });
    WeeksSchema = z26.coerce.number().int().min(1).max(53);
    StatisticsWindowSchema = z26.object({
      type: z26.enum(["PickUp", "Delivery"]),
      from: z26.string(),
      to: z26.string(),
      grouping: z26.enum(["day", "week"])
    });
    GraphSeriesSchema = z26.object({
      labels: z26.array(z26.string()),
      amount: z26.array(z26.number()),
      mileage: z26.array(z26.number()),
      rpm: z26.array(z26.number()),
      loads: z26.array(z26.number())
    });
    DispatcherFigureSchema = z26.object({
      dispatcher_id: z26.number().nullable(),
      dispatcher: z26.string().nullable(),
      total_load: z26.number(),
      amount: z26.number(),
      mileage: z26.number(),
      rpm: z26.number()
    });
    StatisticsTotalsSchema = z26.object({
      total_load: z26.number(),
      total_truck: z26.number(),
      amount: z26.number(),
      mileage: z26.number(),
      /** Gross ÷ total miles over the window. */
      rateAverage: z26.number(),
      /** Gross ÷ total miles over the window's last SPOT_RATE_DAYS days. */
      spot_rate: z26.number()
    });
    StatisticsGraphResponseSchema = StatisticsTotalsSchema.extend({
      window: StatisticsWindowSchema,
      graph: GraphSeriesSchema,
      graphDispatch: z26.array(DispatcherFigureSchema)
    });
    RateAverageResponseSchema = StatisticsTotalsSchema.extend({ window: StatisticsWindowSchema });
    SendCustomerReportBodySchema = z26.object({
      customer_id: z26.number().int().positive(),
      datePeriod: DatePeriodSchema.optional(),
      weeks: WeeksSchema.optional(),
      filters: z26.record(z26.string(), z26.unknown()).optional(),
      /** Another address than the customer's. */
      email: z26.email("Enter a valid e-mail address.").optional()
    });
    SendCustomerReportResponseSchema = z26.object({
      message: z26.string(),
      to: z26.string(),
      loads: z26.number(),
      mail_id: z26.number(),
      status: z26.string()
    });
    Month = monthSchema();
    SafetyStatisticBodySchema = z26.object({ date: Month.optional(), months: z26.coerce.number().int().min(1).max(36).default(12) }).default({ months: 12 });
    SafetyMonthSchema = z26.object({
      date: z26.string(),
      name: z26.string(),
      drivers: z26.number(),
      company: z26.number(),
      left: z26.number(),
      joined: z26.number()
    });
    SafetyStatisticResponseSchema = z26.object({ month: z26.array(SafetyMonthSchema), row: SafetyMonthSchema });
    SafetyMonthParamsSchema = z26.object({ date: Month });
    SafetyCustomerRowSchema = z26.object({
      customer_id: z26.number(),
      customer: z26.string().nullable(),
      status: z26.enum(["new", "active", "left"]),
      drivers: z26.number(),
      loads: z26.number(),
      gross: z26.number(),
      last_delivery: z26.string().nullable(),
      /** Days from the last delivery (up to the month's end) to the month's end. */
      recency_days: z26.number().nullable()
    });
    SafetyMonthDetailSchema = z26.object({ row: SafetyMonthSchema, rows: z26.array(SafetyCustomerRowSchema) });
  }
});

// ../shared/src/modules/dashboard/dashboard.contract.ts
import { z as z27 } from "zod";
var Ids, GraphBodySchema, GraphPointSchema, GraphResponseSchema;
var init_dashboard_contract = __esm({
  "../shared/src/modules/dashboard/dashboard.contract.ts"() {
    "use strict";
    init_statistics_contract();
    Ids = z27.array(z27.coerce.number().int().positive()).max(500);
    GraphBodySchema = z27.object({
      datePeriod: DatePeriodSchema.optional(),
      weeks: WeeksSchema.optional(),
      selectCustomer: Ids.optional(),
      selectDispatcher: Ids.optional(),
      selectTruck: Ids.optional(),
      selectDriver: Ids.optional(),
      selectBrocker: Ids.optional()
    }).default({});
    GraphPointSchema = z27.object({ date: z27.string(), amount: z27.number(), mileage: z27.number() });
    GraphResponseSchema = z27.object({
      /** Average gross per load, in dollars. */
      load: z27.number(),
      rateAverage: z27.number(),
      total_load: z27.number(),
      amount: z27.number(),
      total_truck: z27.number(),
      graph: z27.array(GraphPointSchema),
      spot_rate: z27.number(),
      /** Total miles (loaded + empty) and the window, for the cards' captions. */
      mileage: z27.number(),
      window: StatisticsWindowSchema
    });
  }
});

// src/modules/statistics/statistics.list.ts
import { sql as sql16 } from "drizzle-orm";
function dispatchStatisticsFor(user) {
  const def = tripsListFor(dispatchStatisticsList, user);
  const carriers = sql16`select id as value, name as label from customers where company_id = ${user.companyId} order by 2 limit 1000`;
  return { ...def, columns: def.columns.map((c) => c.id === "carrier" ? { ...c, options: carriers } : c) };
}
var TZ4, shown3, miles2, STATISTICS_JOINS, date2, COLUMNS2, dispatchStatisticsList;
var init_statistics_list = __esm({
  "src/modules/statistics/statistics.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    init_trips();
    TZ4 = "America/Chicago";
    shown3 = (expr) => sql16`to_char(${expr} at time zone ${TZ4}, 'YYYY-MM-DD HH24:MI')`;
    miles2 = sql16`(loads.mileage_loaded + loads.mileage_empty)`;
    STATISTICS_JOINS = {
      customer: sql16`left join customers on customers.id = loads.customer_id`,
      broker: sql16`left join brokers on brokers.id = loads.broker_id`,
      dispatcher: sql16`left join users dispatcher on dispatcher.id = loads.dispatcher_id`,
      truck: sql16`left join trucks on trucks.id = loads.truck_id`,
      trailer: sql16`left join trailers on trailers.id = loads.trailer_id`,
      driver: sql16`left join drivers on drivers.id = loads.driver_id`
    };
    date2 = (id, title, expr) => ({
      id,
      title,
      sql: shown3(expr),
      filterSql: expr,
      sortSql: expr,
      filter: "date",
      dateType: "timestamp",
      exportKind: "text",
      hidden: true
    });
    COLUMNS2 = [
      { id: "trip_id", title: "Trip", sql: sql16`loads.trip_id`, filter: "number", footer: "unique", align: "left" },
      { id: "load_id", title: "Load", sql: sql16`loads.id`, filter: "number", footer: "count", align: "left" },
      {
        id: "broker_name",
        title: "Broker",
        sql: sql16`brokers.name`,
        filterSql: sql16`loads.broker_id`,
        filter: "list",
        joins: ["broker"],
        search: true,
        clip: 26
      },
      { id: "broker_number", title: "Broker #", sql: sql16`loads.broker_number`, filter: "note", search: true },
      {
        id: "carrier",
        title: "Carrier",
        sql: sql16`customers.name`,
        filterSql: sql16`loads.customer_id`,
        filter: "list",
        joins: ["customer"],
        search: true,
        clip: 26
      },
      {
        id: "truck",
        title: "Truck",
        sql: sql16`trucks.truck_number`,
        filterSql: sql16`loads.truck_id`,
        filter: "list",
        joins: ["truck"],
        footer: "unique",
        footerSql: sql16`loads.truck_id`
      },
      {
        id: "trailer",
        title: "Trailer",
        sql: sql16`trailers.trailer_number`,
        filterSql: sql16`loads.trailer_id`,
        filter: "list",
        joins: ["trailer"]
      },
      {
        id: "trailer_type",
        title: "Trailer type",
        sql: sql16`(select name from trailer_types tt where tt.id = trailers.trailer_type_id)`,
        filterSql: sql16`trailers.trailer_type_id`,
        filter: "list",
        joins: ["trailer"]
      },
      {
        id: "driver",
        title: "Driver",
        sql: sql16`drivers.name`,
        filterSql: sql16`loads.driver_id`,
        filter: "list",
        joins: ["driver"],
        clip: 22
      },
      {
        id: "dispatcher",
        title: "Dispatcher",
        sql: sql16`dispatcher.name`,
        filterSql: sql16`loads.dispatcher_id`,
        filter: "list",
        joins: ["dispatcher"]
      },
      {
        id: "routs",
        title: "Route",
        sql: sql16`loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state`,
        filter: "address",
        address: {
          1: { state: sql16`loads.pickup_state`, city: sql16`loads.pickup_city` },
          2: { state: sql16`loads.delivery_state`, city: sql16`loads.delivery_city` }
        },
        sortSql: sql16`loads.pickup_state`,
        clip: 44
      },
      { id: "gross", title: "Gross", sql: sql16`loads.gross_cents`, filter: "number", footer: "sum", dollar: true },
      {
        id: "rpm",
        title: "RPM",
        sql: sql16`round(loads.gross_cents / 100.0 / nullif(${miles2}, 0), 2)::float8`,
        filter: "number",
        align: "right",
        exportKind: "number"
      },
      { id: "mileage_total", title: "Total miles", sql: miles2, filter: "number", footer: "sum", miles: true },
      {
        id: "mileage_empty",
        title: "Empty miles",
        sql: sql16`loads.mileage_empty`,
        filter: "number",
        footer: "sum",
        miles: true
      },
      date2("pick_up_datetime", "Pick up", sql16`loads.pickup_at`),
      date2("delivery_datetime", "Delivery", sql16`loads.delivery_at`)
    ];
    dispatchStatisticsList = defineList({
      key: "dispatch-statistics",
      title: "Dispatch statistics",
      section: SECTION.DispatchStatistics,
      from: sql16`loads`,
      rowKey: sql16`loads.id`,
      joins: STATISTICS_JOINS,
      base: tripsScope,
      defaultSort: { sort: "delivery_datetime", order: "desc" },
      columns: COLUMNS2
    });
  }
});

// src/platform/export/export-writers.ts
import { once } from "node:events";
import { createWriteStream } from "node:fs";
function escapeFormula(value) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
function toNumber2(v) {
  if (v === null || v === void 0 || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}
function spreadsheetDate(v, withTime) {
  if (v === null || v === void 0 || v === "") return null;
  const s = v instanceof Date ? null : String(v);
  const d = s ? DATE_ONLY2.exec(s) : null;
  if (d) return new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
  const w = s ? WALL_CLOCK2.exec(s) : null;
  const parts = w ? { year: +(w[1] ?? 0), month: +(w[2] ?? 0), day: +(w[3] ?? 0), hour: +(w[4] ?? 0), minute: +(w[5] ?? 0) } : (() => {
    const date11 = v instanceof Date ? v : new Date(s);
    return Number.isNaN(date11.getTime()) ? null : zonedParts(date11);
  })();
  if (!parts) return null;
  return new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, withTime ? parts.hour : 0, withTime ? parts.minute : 0)
  );
}
function phoneCell(v) {
  const raw = String(v);
  const formatted = formatPhone(raw);
  return formatted !== raw || /^\+1 \(\d{3}\) \d{3}-\d{4}$/.test(raw) ? formatted : escapeFormula(raw);
}
function cellValue(kind, v, forXlsx) {
  if (v === null || v === void 0) return null;
  if (NUMERIC.has(kind)) {
    const n = toNumber2(v);
    if (n !== null) return kind === "money" ? Math.round(n * 100) / 100 : n;
  }
  if (kind === "date" || kind === "datetime") {
    if (forXlsx) {
      const d = spreadsheetDate(v, kind === "datetime");
      if (d) return d;
    } else {
      const text31 = kind === "date" ? formatDate(v) : formatDateTime(v);
      if (text31) return text31;
    }
  }
  if (kind === "phone") return phoneCell(v);
  if (v instanceof Date) return forXlsx ? v.toISOString() : formatDateTime(v);
  if (typeof v === "boolean") return formatCellValue("text", v);
  return escapeFormula(typeof v === "object" ? JSON.stringify(v) : String(v));
}
function totalsRow(columns2, totals) {
  return columns2.map((c, i) => {
    const t = totals[c.id];
    if (t !== void 0) return c.kind === "money" ? Math.round(t * 100) / 100 : t;
    return i === 0 ? TOTAL_LABEL : null;
  });
}
function columnLetter(n) {
  let s = "";
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + (i - 1) % 26) + s;
  return s;
}
function createXlsxWriter(path, sheetName, columns2) {
  const excel = import("exceljs").then((m) => m.default);
  excel.catch(() => {
  });
  let book;
  let sample = [];
  let opening;
  let lastRow = 1;
  const writeRow = (sheet, row) => {
    sheet.addRow(columns2.map((c) => cellValue(c.kind ?? "text", row[c.id], true))).commit();
    lastRow++;
  };
  const open = async () => {
    const Excel = await excel;
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, " ") || "Export", {
      views: [{ state: "frozen", xSplit: 0, ySplit: 1 }]
    });
    const rows = sample;
    sample = [];
    sheet.columns = columns2.map((c) => {
      const numFmt = NUM_FMT[c.kind ?? "text"];
      const longest = rows.reduce((m, r) => Math.max(m, shownLength(c, r[c.id])), c.title.length + 3);
      return {
        key: c.id,
        width: Math.min(Math.max(longest + 2, MIN_WIDTH), MAX_WIDTH),
        ...numFmt ? { style: { numFmt } } : {}
      };
    });
    const header = sheet.addRow(columns2.map((c) => escapeFormula(c.title)));
    header.font = { bold: true };
    header.commit();
    for (const r of rows) writeRow(sheet, r);
    book = { workbook, sheet };
    return book;
  };
  return {
    add(row) {
      if (book) return writeRow(book.sheet, row);
      sample.push(row);
      if (sample.length >= WIDTH_SAMPLE) {
        opening ??= open();
        return opening.then(() => {
        });
      }
    },
    async finish(totals) {
      opening ??= open();
      const { workbook, sheet } = await opening;
      const dataEnd = lastRow;
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, dataEnd), column: columns2.length } };
      if (totals && Object.keys(totals).length) {
        const values2 = totalsRow(columns2, totals).map((v, i) => {
          const c = columns2[i];
          if (typeof v !== "number" || c?.footer !== "sum" || dataEnd < 2) return v;
          const col = columnLetter(i + 1);
          return { formula: `SUM(${col}2:${col}${dataEnd})`, result: v };
        });
        const r = sheet.addRow(values2);
        r.font = { bold: true };
        r.commit();
      }
      sheet.commit();
      await workbook.commit();
    }
  };
}
function createCsvWriter(path, columns2) {
  const out = createWriteStream(path);
  const line = (cells) => `${cells.map(csvField).join(",")}\r
`;
  const write = async (s) => {
    if (!out.write(s)) await once(out, "drain");
  };
  out.write(`\uFEFF${line(columns2.map((c) => escapeFormula(c.title)))}`);
  return {
    add: (row) => write(line(columns2.map((c) => money(c, cellValue(c.kind ?? "text", row[c.id], false))))),
    async finish(totals) {
      if (totals && Object.keys(totals).length)
        await write(line(totalsRow(columns2, totals).map((v, i) => money(columns2[i], v))));
      out.end();
      await once(out, "close");
    }
  };
}
var NUMERIC, DATE_ONLY2, WALL_CLOCK2, NUM_FMT, TOTAL_LABEL, WIDTH_SAMPLE, MIN_WIDTH, MAX_WIDTH, shownLength, csvField, money;
var init_export_writers = __esm({
  "src/platform/export/export-writers.ts"() {
    "use strict";
    init_formats();
    NUMERIC = /* @__PURE__ */ new Set(["id", "money", "miles", "number", "percent"]);
    DATE_ONLY2 = /^(\d{4})-(\d{2})-(\d{2})$/;
    WALL_CLOCK2 = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
    NUM_FMT = {
      id: "0",
      money: '"$"#,##0.00;[Red]-"$"#,##0.00',
      miles: '#,##0 "mi"',
      number: "#,##0.00",
      percent: '0.00"%"',
      date: "yyyy-mm-dd",
      datetime: "yyyy-mm-dd hh:mm"
    };
    TOTAL_LABEL = "Total";
    WIDTH_SAMPLE = 200;
    MIN_WIDTH = 8;
    MAX_WIDTH = 60;
    shownLength = (c, v) => formatCellValue(c.kind === "id" ? "text" : c.kind ?? "text", v).length;
    csvField = (v) => {
      if (v === null) return "";
      const s = v instanceof Date ? formatDateTime(v) : typeof v === "number" ? String(v) : v;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    money = (c, v) => c?.kind === "money" && typeof v === "number" ? v.toFixed(2) : v;
  }
});

// src/modules/statistics/statistics.window.ts
function issuesToErrors(prefix, issues) {
  const errors = {};
  for (const issue of issues) {
    const field2 = [prefix, ...issue.path.map(String)].join(".");
    errors[field2] = [...errors[field2] ?? [], issue.message];
  }
  return errors;
}
function windowOf(type, from, to) {
  if (from > to) throw AppError.invalidField("datePeriod", 'The "From" value must not be greater than the "To" value.');
  const days = daysBetween(from, to);
  if (days > MAX_DAYS) throw AppError.invalidField("datePeriod", "Choose a window of at most three years.");
  return { type, from, to, grouping: days <= DAILY_MAX_DAYS ? "day" : "week" };
}
function resolveWindow(body, now = /* @__PURE__ */ new Date()) {
  const input = body && typeof body === "object" && !Array.isArray(body) ? { ...body } : {};
  const filters = { ...input.filters ?? {} };
  const { datePeriod: rawPeriod, weeks: rawWeeks } = input;
  delete input.datePeriod;
  delete input.weeks;
  let weeks = STATISTICS_DEFAULT_WEEKS;
  if (rawWeeks !== void 0 && rawWeeks !== null) {
    const parsed = WeeksSchema.safeParse(rawWeeks);
    if (!parsed.success) throw AppError.validation({ weeks: ["Use a number of weeks from 1 to 53."] });
    weeks = parsed.data;
  }
  const today = nowInCompanyTimeZone(now).date;
  const ending = (date11) => ({ from: addDays(date11, -(weeks * 7 - 1)), to: date11 });
  let window;
  if (rawPeriod !== void 0 && rawPeriod !== null) {
    const parsed = DatePeriodSchema.safeParse(rawPeriod);
    if (!parsed.success) throw AppError.validation(issuesToErrors("datePeriod", parsed.error.issues));
    const p = parsed.data;
    const range = p.from ? { from: p.from, to: p.to ?? p.from } : ending(p.date ?? today);
    window = windowOf(p.type, range.from, range.to);
  } else {
    const type = filters.delivery_datetime !== void 0 ? "Delivery" : filters.pick_up_datetime !== void 0 ? "PickUp" : null;
    const range = type ? filters[DATE_COLUMN[type]] : null;
    const from = range?.from ?? range?.to;
    const to = range?.to ?? range?.from;
    window = type && from && to ? windowOf(type, from, to) : windowOf(type ?? "Delivery", ending(today).from, ending(today).to);
  }
  filters[DATE_COLUMN[window.type]] = { from: window.from, to: window.to };
  return { window, request: { ...input, filters } };
}
function windowLabels(window) {
  const labels = [];
  if (window.grouping === "day") {
    for (let d = window.from; d <= window.to; d = addDays(d, 1)) labels.push(d);
    return labels;
  }
  const weekday = (/* @__PURE__ */ new Date(`${window.from}T00:00:00Z`)).getUTCDay();
  for (let d = addDays(window.from, -weekday); d <= window.to; d = addDays(d, 7)) labels.push(d);
  return labels;
}
var DATE_COLUMN, MAX_DAYS, daysBetween;
var init_statistics_window = __esm({
  "src/modules/statistics/statistics.window.ts"() {
    "use strict";
    init_formats();
    init_statistics_contract();
    init_errors2();
    DATE_COLUMN = {
      PickUp: "pick_up_datetime",
      Delivery: "delivery_datetime"
    };
    MAX_DAYS = 3 * 366;
    daysBetween = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / 864e5) + 1;
  }
});

// src/modules/statistics/statistics.service.ts
import { randomUUID as randomUUID2 } from "node:crypto";
import { readFile as readFile2, rm as rm2 } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join2 } from "node:path";
import { sql as sql17 } from "drizzle-orm";
async function rowsOf3(db, query) {
  return (await db.execute(query)).rows;
}
function fromOf(def, joins) {
  const names = [...joins];
  return names.length ? sql17`${def.from} ${sql17.join(
    names.map((n) => def.joins?.[n]),
    sql17` `
  )}` : def.from;
}
async function summarize(db, opts) {
  const { def, user, window } = opts;
  const compiled = compileList(def, user, { ...opts.request, with_options: false });
  const from = fromOf(def, compiled.joins);
  const where = compiled.where;
  const at = window.type === "PickUp" ? sql17`loads.pickup_at` : sql17`loads.delivery_at`;
  const day2 = sql17`(${at} at time zone ${TZ5})::date`;
  const label = window.grouping === "day" ? day2 : sql17`(${day2} - extract(dow from ${day2})::int)`;
  const miles3 = sql17`(loads.mileage_loaded + loads.mileage_empty)`;
  const spotStart = addDays(window.to, -(SPOT_RATE_DAYS - 1));
  const spotFrom = [spotStart, window.from].sort()[1];
  const [buckets, [totals], dispatchers] = await Promise.all([
    rowsOf3(
      db,
      sql17`select to_char(${label}, 'YYYY-MM-DD') as label, count(*)::int as loads,
        coalesce(sum(loads.gross_cents), 0) as gross, coalesce(sum(${miles3}), 0) as miles
      from ${from} where ${where} group by 1`
    ),
    rowsOf3(
      db,
      sql17`select count(*)::int as loads, count(distinct loads.truck_id)::int as trucks,
        coalesce(sum(loads.gross_cents), 0) as gross, coalesce(sum(${miles3}), 0) as miles,
        coalesce(sum(loads.gross_cents) filter (where ${day2} >= ${spotFrom}::date), 0) as spot_gross,
        coalesce(sum(${miles3}) filter (where ${day2} >= ${spotFrom}::date), 0) as spot_miles
      from ${from} where ${where}`
    ),
    rowsOf3(
      db,
      sql17`select loads.dispatcher_id as id, sd.name, count(*)::int as loads,
        coalesce(sum(loads.gross_cents), 0) as gross, coalesce(sum(${miles3}), 0) as miles
      from ${from} left join users sd on sd.id = loads.dispatcher_id
      where ${where} group by 1, 2 order by 4 desc, 2`
    )
  ]);
  const byLabel = new Map(buckets.map((b) => [b.label, b]));
  const labels = windowLabels(window);
  const point = (l) => {
    const b = byLabel.get(l);
    return { gross: Number(b?.gross ?? 0), miles: Number(b?.miles ?? 0), loads: b?.loads ?? 0 };
  };
  const points = labels.map(point);
  const t = totals ?? { loads: 0, trucks: 0, gross: "0", miles: "0", spot_gross: "0", spot_miles: "0" };
  return {
    totals: {
      total_load: t.loads,
      total_truck: t.trucks,
      amount: dollars(Number(t.gross)),
      mileage: Number(t.miles),
      rateAverage: rate(Number(t.gross), Number(t.miles)),
      spot_rate: rate(Number(t.spot_gross), Number(t.spot_miles))
    },
    series: {
      labels,
      amount: points.map((p) => dollars(p.gross)),
      mileage: points.map((p) => p.miles),
      rpm: points.map((p) => rate(p.gross, p.miles)),
      loads: points.map((p) => p.loads)
    },
    dispatchers: dispatchers.map((d) => ({
      dispatcher_id: d.id,
      dispatcher: d.name,
      total_load: d.loads,
      amount: dollars(Number(d.gross)),
      mileage: Number(d.miles),
      rpm: rate(Number(d.gross), Number(d.miles))
    }))
  };
}
async function statisticsGraph(db, user, body) {
  const { window, request } = resolveWindow(body);
  const s = await summarize(db, { def: dispatchStatisticsList, user, request, window });
  return { ...s.totals, window, graph: s.series, graphDispatch: s.dispatchers };
}
async function rateAverage(db, user, body) {
  const { window, request } = resolveWindow(body);
  const s = await summarize(db, { def: dispatchStatisticsList, user, request, window });
  return { ...s.totals, window };
}
async function tripsStatistics(db, user, body) {
  const engine = toEngineRequest(body);
  const { window, request } = resolveWindow({ ...engine, filters: engine.filters });
  const s = await summarize(db, { def: tripsList, user, request, window });
  return { ...s.totals, window };
}
async function sendCustomerReport(db, deps, auth, body) {
  const { user } = auth;
  const [customer] = await rowsOf3(
    db,
    sql17`select c.id, c.name, c.email, co.name as company from customers c left join companies co on co.id = c.company_id
      where c.id = ${body.customer_id} and c.company_id = ${user.companyId}`
  );
  if (!customer) throw AppError.notFound();
  const to = body.email || customer.email;
  if (!to) throw AppError.invalidField("email", "The customer has no e-mail address: enter one.");
  const { window, request } = resolveWindow({
    filters: { ...body.filters ?? {}, carrier: { values: [customer.id] } },
    ...body.datePeriod ? { datePeriod: body.datePeriod } : {},
    ...body.weeks ? { weeks: body.weeks } : {}
  });
  const def = dispatchStatisticsList;
  const compiled = compileList(def, user, { filters: request.filters, with_options: false });
  const columns2 = def.columns.filter((c) => !c.data && c.id !== "carrier");
  const kinds = columns2.map((c) => ({
    id: c.id,
    title: c.title,
    kind: exportKindOf(c)
  }));
  const tmp = join2(tmpdir(), `backhaul-report-${randomUUID2()}.xlsx`);
  let content;
  let count = 0;
  try {
    const writer = createXlsxWriter(tmp, "Customer report", kinds);
    for await (const row of streamList(db, def, compiled, columns2)) {
      await writer.add(row);
      count++;
    }
    const totals = await selectTotals(db, def, compiled);
    await writer.finish(
      Object.fromEntries(columns2.filter((c) => c.footer === "sum").map((c) => [c.id, totals.sum[c.id] ?? 0]))
    );
    content = await readFile2(tmp);
  } finally {
    await rm2(tmp, { force: true });
  }
  const period = `${window.from} \u2013 ${window.to}`;
  const mail = reportMail({
    company: customer.company ?? "Backhaul",
    report: "Customer report",
    period,
    recipient: customer.name
  });
  const sent = await deps.mailer.send({
    ...mail,
    to,
    attachments: [
      {
        filename: `customer-report-${customer.id}-${window.from}-${window.to}.xlsx`,
        content,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      }
    ],
    companyId: user.companyId,
    createdBy: user.id
  });
  if (sent.status === "failed") throw new AppError("internal", sent.error ?? "Customer report mail failed");
  await db.transaction(async (tx) => {
    await writeAudit(tx, {
      actor: { id: user.id, companyId: user.companyId },
      entity: "customer",
      entityId: customer.id,
      action: "send_report",
      after: { to, window, loads: count, mail_id: sent.id }
    });
  });
  return { message: MSG.messageSent, to, loads: count, mail_id: sent.id, status: sent.status };
}
var TZ5, rate, dollars, statisticsRequest;
var init_statistics_service = __esm({
  "src/modules/statistics/statistics.service.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_statistics_contract();
    init_audit();
    init_errors2();
    init_export_writers();
    init_define_list();
    init_run_list();
    init_templates();
    init_trips();
    init_statistics_list();
    init_statistics_window();
    TZ5 = "America/Chicago";
    rate = (cents2, miles3) => miles3 > 0 ? Math.round(cents2 / miles3) / 100 : 0;
    dollars = (cents2) => Math.round(cents2) / 100;
    statisticsRequest = (body) => resolveWindow(body);
  }
});

// src/modules/statistics/index.ts
var init_statistics = __esm({
  "src/modules/statistics/index.ts"() {
    "use strict";
    init_statistics_list();
    init_statistics_service();
    init_statistics_window();
  }
});

// src/modules/dashboard/dashboard.service.ts
async function loadGraph(db, user, input) {
  const body = GraphBodySchema.parse(input);
  const filters = {};
  for (const [key, column] of Object.entries(SELECTS)) {
    const values2 = body[key];
    if (values2?.length) filters[column] = { values: values2 };
  }
  const resolved = resolveWindow({ datePeriod: body.datePeriod, weeks: body.weeks, filters });
  const window = { ...resolved.window, grouping: "day" };
  const { totals, series } = await summarize(db, {
    def: dispatchStatisticsList,
    user,
    request: resolved.request,
    window
  });
  return {
    load: totals.total_load ? Math.round(totals.amount / totals.total_load * 100) / 100 : 0,
    rateAverage: totals.rateAverage,
    total_load: totals.total_load,
    amount: totals.amount,
    total_truck: totals.total_truck,
    graph: series.labels.map((date11, i) => ({ date: date11, amount: series.amount[i] ?? 0, mileage: series.mileage[i] ?? 0 })),
    spot_rate: totals.spot_rate,
    mileage: totals.mileage,
    window
  };
}
var SELECTS;
var init_dashboard_service = __esm({
  "src/modules/dashboard/dashboard.service.ts"() {
    "use strict";
    init_dashboard_contract();
    init_statistics();
    SELECTS = {
      selectCustomer: "carrier",
      selectDispatcher: "dispatcher",
      selectTruck: "truck",
      selectDriver: "driver",
      selectBrocker: "broker_name"
    };
  }
});

// src/modules/dashboard/dashboard.routes.ts
var dashboardRoutes;
var init_dashboard_routes = __esm({
  "src/modules/dashboard/dashboard.routes.ts"() {
    "use strict";
    init_src();
    init_dashboard_contract();
    init_guard();
    init_dashboard_service();
    dashboardRoutes = {
      name: "dashboard",
      register(app2, { database: { db } }) {
        app2.post("/graph", {
          config: {
            access: {
              anyOf: [
                { section: SECTION.Dashboard, action: ACTION.VIEW },
                { section: SECTION.Statistics, action: ACTION.VIEW }
              ]
            }
          },
          schema: { tags: ["Dashboard"], body: GraphBodySchema.optional(), response: { 200: GraphResponseSchema } },
          handler: async (req) => loadGraph(db, caller(req).user, req.body ?? {})
        });
      }
    };
  }
});

// ../shared/src/modules/drivers/drivers.contract.ts
import { z as z28 } from "zod";
var DRIVER_TYPES, PAYMENT_TYPES2, DRIVER_SERVICES, CONTRACT_TYPES, DRIVER_FILE_ENTITY, CONTRACT_FILE_KEPT, keysOf, optionalDate, optionalText2, optionalId3, phone, dollars2, DriverFormSchema, DriverSchema, DriverContractFormSchema, DriverFileSchema, DriverContractSchema, DriverOptionsSchema, DriverNewResponseSchema, DriverCardResponseSchema, DriverSaveResponseSchema, ContractResponseSchema, ContractSaveResponseSchema, ContractsResponseSchema, DriverDescriptionResponseSchema, DestroyIdsBodySchema, DestroyResponseSchema;
var init_drivers_contract = __esm({
  "../shared/src/modules/drivers/drivers.contract.ts"() {
    "use strict";
    init_list_contract();
    init_dates();
    init_money2();
    DRIVER_TYPES = { company: "Company", owner_operator: "Owner operator", lease: "Lease" };
    PAYMENT_TYPES2 = { per_mile: "Per mile", percent: "Percent", flat: "Flat", hourly: "Hourly" };
    DRIVER_SERVICES = { dispatch: "Dispatch", safety: "Safety", accounting: "Accounting" };
    CONTRACT_TYPES = { per_mile: "Per mile", percent: "Percent", flat: "Flat" };
    DRIVER_FILE_ENTITY = "drivers";
    CONTRACT_FILE_KEPT = "A driver file with category contract cannot be deleted.";
    keysOf = (o) => Object.keys(o);
    optionalDate = (label) => dateSchema({ allowEmpty: true, message: `The ${label} is not a valid date (YYYY-MM-DD).` }).transform(
      (v) => v === "" ? null : v
    );
    optionalText2 = (max, label) => z28.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`).transform((v) => v === "" ? null : v);
    optionalId3 = z28.union([z28.string(), z28.number(), z28.null()]).transform((v) => v === null || v === "" ? null : Number(v)).pipe(z28.number().int().positive("Choose a value from the list.").nullable());
    phone = (required) => z28.string().transform((v) => {
      const digits = v.replace(/\D/g, "");
      return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
    }).pipe(
      required ? z28.string().min(1, "The phone is required.").regex(/^[2-9]\d{9}$/, "The phone is 10 digits and cannot start with 0 or 1.") : z28.string().regex(/^([2-9]\d{9})?$/, "The phone is 10 digits and cannot start with 0 or 1.")
    ).transform((v) => v === "" ? null : v);
    dollars2 = (label, max) => moneySchema({ label, max });
    DriverFormSchema = z28.object({
      driver: z28.string().trim().min(1, "The driver name is required.").max(120, "The driver name may not be greater than 120 characters."),
      phone: phone(true),
      phone2: phone(false),
      email: z28.string().trim().toLowerCase().pipe(z28.email("Enter a valid e-mail address.").or(z28.literal(""))).transform((v) => v === "" ? null : v),
      driver_type: z28.enum(keysOf(DRIVER_TYPES), "Choose the driver type."),
      safety: z28.boolean(),
      service: z28.enum(keysOf(DRIVER_SERVICES), "Choose a service from the list.").or(z28.literal("")).transform((v) => v === "" ? null : v),
      eld_name: optionalText2(60, "ELD name"),
      customer_id: optionalId3,
      truck_id: optionalId3,
      trailer_id: optionalId3,
      trailer_type_id: optionalId3,
      amount: dollars2("amount", 1e5),
      payment_type: z28.enum(keysOf(PAYMENT_TYPES2), "Choose the payment type."),
      cdl_number: optionalText2(20, "CDL number"),
      cdl_expires_on: optionalDate("CDL expiry date"),
      medical_card_expires_on: optionalDate("medical card expiry date"),
      hired_on: optionalDate("hire date"),
      active: z28.boolean()
    });
    DriverSchema = z28.object({
      id: z28.number().int(),
      driver: z28.string(),
      phone: z28.string().nullable(),
      phone2: z28.string().nullable(),
      email: z28.string().nullable(),
      driver_type: z28.string(),
      safety: z28.boolean(),
      service: z28.string().nullable(),
      eld_name: z28.string().nullable(),
      customer_id: z28.number().int().nullable(),
      customer: z28.string().nullable(),
      truck_id: z28.number().int().nullable(),
      truck_number: z28.string().nullable(),
      trailer_id: z28.number().int().nullable(),
      trailer_number: z28.string().nullable(),
      trailer_type_id: z28.number().int().nullable(),
      trailer_type: z28.string().nullable(),
      amount: z28.number(),
      payment_type: z28.string(),
      cdl_number: z28.string().nullable(),
      cdl_expires_on: z28.string().nullable(),
      medical_card_expires_on: z28.string().nullable(),
      hired_on: z28.string().nullable(),
      active: z28.boolean()
    });
    DriverContractFormSchema = z28.object({
      contract_type: z28.enum(keysOf(CONTRACT_TYPES), "Choose the contract type."),
      rate: dollars2("rate", 1e5),
      starts_on: dateSchema(),
      ends_on: optionalDate("end date").optional().transform((v) => v ?? null),
      terms: optionalText2(2e3, "terms").optional().transform((v) => v ?? null),
      /** The signed copy: a file of this driver uploaded with category 'contract'. */
      file_id: optionalId3.optional().transform((v) => v ?? null)
    });
    DriverFileSchema = z28.object({
      id: z28.number().int(),
      category: z28.string().nullable(),
      name: z28.string(),
      mime: z28.string(),
      size: z28.number().int(),
      created_at: z28.string(),
      url: z28.string(),
      preview_url: z28.string().nullable()
    });
    DriverContractSchema = z28.object({
      id: z28.number().int(),
      driver_id: z28.number().int(),
      contract_type: z28.string(),
      rate: z28.number(),
      starts_on: z28.string(),
      ends_on: z28.string().nullable(),
      terms: z28.string().nullable(),
      file_id: z28.number().int().nullable(),
      file: DriverFileSchema.nullable(),
      created_at: z28.string()
    });
    DriverOptionsSchema = z28.object({
      customers: z28.array(FilterOptionSchema),
      trucks: z28.array(FilterOptionSchema),
      trailers: z28.array(FilterOptionSchema),
      trailer_types: z28.array(FilterOptionSchema)
    });
    DriverNewResponseSchema = z28.object({ driver: z28.null(), options: DriverOptionsSchema });
    DriverCardResponseSchema = z28.object({
      driver: DriverSchema,
      contracts: z28.array(DriverContractSchema),
      files: z28.array(DriverFileSchema),
      options: DriverOptionsSchema
    });
    DriverSaveResponseSchema = z28.object({ message: z28.string(), driver: DriverSchema });
    ContractResponseSchema = z28.object({ contract: DriverContractSchema });
    ContractSaveResponseSchema = z28.object({ message: z28.string(), contract: DriverContractSchema });
    ContractsResponseSchema = z28.object({ rows: z28.array(DriverContractSchema) });
    DriverDescriptionResponseSchema = z28.object({ id: z28.number().int(), description: z28.string() });
    DestroyIdsBodySchema = z28.object({
      driver_id: z28.number().int().positive(),
      ids: z28.array(z28.number().int().positive()).max(200)
    });
    DestroyResponseSchema = z28.object({ message: z28.string(), deleted: z28.number().int() });
  }
});

// src/modules/trucks/truck-driver.ts
function onTruckDriverChange(follower) {
  followers.add(follower);
}
async function truckDriverChanged(tx, user, change) {
  for (const follow of followers) await follow(tx, user, change);
}
var followers;
var init_truck_driver = __esm({
  "src/modules/trucks/truck-driver.ts"() {
    "use strict";
    followers = /* @__PURE__ */ new Set();
  }
});

// src/modules/trucks/trucks.mail.ts
var trucksOnTheRoadMail;
var init_trucks_mail = __esm({
  "src/modules/trucks/trucks.mail.ts"() {
    "use strict";
    init_templates();
    trucksOnTheRoadMail = defineMailTemplate(
      "trucks-on-the-road",
      (opts) => ({
        subject: `Trucks on the road \u2014 ${opts.date}`,
        greeting: hello(null),
        blocks: [
          `${opts.trucks} truck${opts.trucks === 1 ? " is" : "s are"} on the road on ${opts.date}. The report is attached.`
        ],
        signature: signed(opts.company)
      })
    );
  }
});

// ../shared/src/modules/units/units.contract.ts
import { z as z29 } from "zod";
var UNIT_STATUSES, blankToNull, optionalText3, requiredText2, optionalInt, optionalId4, optionalDate2, optionalMoney, IdParamsSchema, VIN, thisYear, unitIdentityFormFields, unitServiceFormFields, unitIdentityFields, unitServiceFields, EquipmentFormSchema, EquipmentRowSchema, SelectOptionSchema, EquipmentListResponseSchema, EquipmentItemResponseSchema, EquipmentEditResponseSchema, SetEquipmentBodySchema, SetEquipmentResponseSchema, NoteFormSchema, NoteRowSchema, NotesListBodySchema, NotesListResponseSchema, NoteItemResponseSchema, DescriptionResponseSchema, ValueFormSchema, ValueRowSchema, UnitSummarySchema, ValueResponseSchema, ValueItemResponseSchema, AssignmentRowSchema, UpdateAssignmentBodySchema, HistoryResponseSchema, MessageResponseSchema;
var init_units_contract = __esm({
  "../shared/src/modules/units/units.contract.ts"() {
    "use strict";
    init_dates();
    init_money2();
    UNIT_STATUSES = ["active", "left_company", "sold"];
    blankToNull = (v) => v === "" || v === void 0 ? null : v;
    optionalText3 = (max, label) => z29.preprocess(
      (v) => v ?? "",
      z29.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`).transform((v) => v === "" ? null : v)
    );
    requiredText2 = (max, label) => z29.preprocess(
      (v) => v ?? "",
      z29.string().trim().min(1, `The ${label} field is required.`).max(max, `The ${label} may not be greater than ${max} characters.`)
    );
    optionalInt = (label, min, max) => z29.preprocess(
      blankToNull,
      z29.coerce.number({ message: `The ${label} must be a number.` }).int(`The ${label} must be a whole number.`).min(min, `The ${label} must be at least ${min}.`).max(max, `The ${label} may not be greater than ${max}.`).nullable()
    );
    optionalId4 = z29.preprocess(
      blankToNull,
      z29.coerce.number({ message: "Choose from the list." }).int().positive("Choose from the list.").nullable()
    );
    optionalDate2 = z29.preprocess(blankToNull, dateSchema().nullable());
    optionalMoney = (label) => optionalMoneySchema({ label, max: 1e8 });
    IdParamsSchema = z29.object({ id: z29.coerce.number().int().positive() });
    VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
    thisYear = () => (/* @__PURE__ */ new Date()).getUTCFullYear();
    unitIdentityFormFields = {
      year: optionalInt("year", 1980, thisYear() + 1),
      vin: optionalText3(17, "VIN").refine((v) => v === null || VIN.test(v.toUpperCase()), {
        message: "The VIN is 17 letters and digits (no I, O or Q)."
      }),
      plate: optionalText3(12, "plate"),
      customer_id: optionalId4
    };
    unitServiceFormFields = (pmLabel) => ({
      alignment_date: optionalDate2,
      annual_inspection_date: optionalDate2,
      pm_miles: optionalInt(pmLabel, 0, 5e6),
      odometer: optionalInt("odometer", 0, 5e6),
      registration_expires_on: optionalDate2,
      company_owner: optionalText3(120, "company owner")
    });
    unitIdentityFields = {
      year: z29.number().int().nullable(),
      vin: z29.string().nullable(),
      plate: z29.string().nullable(),
      customer_id: z29.number().int().nullable(),
      customer: z29.string().nullable()
    };
    unitServiceFields = {
      alignment_date: z29.string().nullable(),
      annual_inspection_date: z29.string().nullable(),
      pm_miles: z29.number().int().nullable(),
      odometer: z29.number().int().nullable(),
      registration_expires_on: z29.string().nullable(),
      company_owner: z29.string().nullable()
    };
    EquipmentFormSchema = z29.object({
      equipment_name_id: z29.preprocess(
        blankToNull,
        z29.coerce.number({ message: "Choose the equipment." }).int().positive("Choose the equipment.")
      ),
      quantity: z29.preprocess(
        blankToNull,
        z29.coerce.number({ message: "The quantity must be a number." }).int("The quantity must be a whole number.").min(1, "The quantity must be at least 1.").max(999, "The quantity may not be greater than 999.")
      ),
      serial: optionalText3(80, "serial number"),
      notes: optionalText3(500, "notes")
    });
    EquipmentRowSchema = z29.object({
      id: z29.number().int(),
      unit_id: z29.number().int(),
      equipment_name_id: z29.number().int(),
      name: z29.string(),
      quantity: z29.number().int(),
      serial: z29.string().nullable(),
      notes: z29.string().nullable(),
      created_at: z29.string()
    });
    SelectOptionSchema = z29.object({ value: z29.number().int(), label: z29.string() });
    EquipmentListResponseSchema = z29.object({
      truck_equipment: z29.array(EquipmentRowSchema),
      filter: z29.object({ equipments: z29.array(SelectOptionSchema) })
    });
    EquipmentItemResponseSchema = z29.object({ message: z29.string(), item: EquipmentRowSchema });
    EquipmentEditResponseSchema = z29.object({
      item: EquipmentRowSchema,
      filter: z29.object({ equipments: z29.array(SelectOptionSchema) })
    });
    SetEquipmentBodySchema = z29.object({
      name: requiredText2(80, "equipment name")
    });
    SetEquipmentResponseSchema = z29.object({
      message: z29.string(),
      equipment: SelectOptionSchema,
      equipments: z29.array(SelectOptionSchema)
    });
    NoteFormSchema = z29.object({ notes: requiredText2(2e3, "note") });
    NoteRowSchema = z29.object({
      id: z29.number().int(),
      unit_id: z29.number().int(),
      notes: z29.string(),
      created_by: z29.string().nullable(),
      created_at: z29.string(),
      updated_at: z29.string()
    });
    NotesListBodySchema = z29.object({ filters: z29.object({ notes: z29.string().max(200).optional() }).default({}) }).default({ filters: {} });
    NotesListResponseSchema = z29.object({
      list: z29.array(NoteRowSchema),
      filter: z29.object({ notes: z29.string() }),
      total: z29.number().int()
    });
    NoteItemResponseSchema = z29.object({ message: z29.string(), item: NoteRowSchema });
    DescriptionResponseSchema = z29.object({ description: z29.number().int(), list: z29.array(NoteRowSchema) });
    ValueFormSchema = z29.object({
      year: z29.preprocess(
        blankToNull,
        z29.coerce.number({ message: "Choose the year." }).int("The year must be a whole number.").min(1980, "The year must be 1980 or later.").max(2100, "The year may not be after 2100.")
      ),
      /** Dollars, parsed to cents. */
      value: moneySchema({ label: "value", max: 1e8 })
    });
    ValueRowSchema = z29.object({
      id: z29.number().int(),
      unit_id: z29.number().int(),
      year: z29.number().int(),
      /** Dollars. */
      value: z29.number(),
      /** Loss against the previous year (or the origin value for the first year), dollars. */
      depreciation: z29.number().nullable(),
      /** That loss as a percent of the previous value. */
      depreciation_percent: z29.number().nullable()
    });
    UnitSummarySchema = z29.object({
      id: z29.number().int(),
      number: z29.string(),
      make: z29.string().nullable(),
      model: z29.string().nullable(),
      year: z29.number().int().nullable()
    });
    ValueResponseSchema = z29.object({
      years: z29.array(ValueRowSchema),
      /** Years that have no value yet, newest first: what the year select offers. */
      filter: z29.object({ years: z29.array(z29.number().int()) }),
      trucks: UnitSummarySchema,
      originValue: z29.number().nullable()
    });
    ValueItemResponseSchema = z29.object({ message: z29.string(), item: ValueRowSchema });
    AssignmentRowSchema = z29.object({
      id: z29.number().int(),
      customer_id: z29.number().int().nullable(),
      customer: z29.string().nullable(),
      driver_id: z29.number().int().nullable(),
      driver: z29.string().nullable(),
      trailer_id: z29.number().int().nullable(),
      trailer_number: z29.string().nullable(),
      from_date: z29.string(),
      to_date: z29.string().nullable(),
      changed_by: z29.string().nullable()
    });
    UpdateAssignmentBodySchema = z29.object({
      id: z29.coerce.number().int().positive(),
      customer_id: optionalId4.optional(),
      driver_id: optionalId4.optional(),
      trailer_id: optionalId4.optional(),
      from_date: optionalDate2.optional()
    });
    HistoryResponseSchema = z29.object({
      message: z29.string().optional(),
      history: z29.array(AssignmentRowSchema)
    });
    MessageResponseSchema = z29.object({ message: z29.string() });
  }
});

// ../shared/src/modules/general/general.contract.ts
import { z as z30 } from "zod";
var TrailerTypeFormSchema, TrailerTypeRowSchema, TrailerTypeSaveResponseSchema, EquipmentNameFormSchema, EquipmentNameRowSchema, EquipmentNameSaveResponseSchema, trailerTypeInUse, equipmentNameInUse;
var init_general_contract = __esm({
  "../shared/src/modules/general/general.contract.ts"() {
    "use strict";
    init_units_contract();
    TrailerTypeFormSchema = z30.object({
      name: requiredText2(60, "trailer type"),
      reefer: z30.boolean({ message: "Choose whether it is a reefer." }).default(false)
    });
    TrailerTypeRowSchema = z30.object({
      id: z30.number().int(),
      name: z30.string(),
      reefer: z30.boolean(),
      /** Trailers and drivers that use it (a type in use cannot be deleted). */
      used: z30.number().int()
    });
    TrailerTypeSaveResponseSchema = z30.object({ message: z30.string(), item: TrailerTypeRowSchema });
    EquipmentNameFormSchema = z30.object({ name: requiredText2(80, "equipment name") });
    EquipmentNameRowSchema = z30.object({
      id: z30.number().int(),
      name: z30.string(),
      /** Equipment items of trucks and trailers with this name. */
      used: z30.number().int()
    });
    EquipmentNameSaveResponseSchema = z30.object({ message: z30.string(), item: EquipmentNameRowSchema });
    trailerTypeInUse = (n) => `This trailer type is used by ${n} trailer${n === 1 ? "" : "s"} or driver${n === 1 ? "" : "s"}; change them first.`;
    equipmentNameInUse = (n) => `This equipment name is used by ${n} equipment item${n === 1 ? "" : "s"} of trucks or trailers; remove them first.`;
  }
});

// src/modules/general/general.list.ts
import { sql as sql18 } from "drizzle-orm";
var trailerTypeUsageSql, equipmentNameUsageSql, trailerTypesList, equipmentNamesList;
var init_general_list = __esm({
  "src/modules/general/general.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    trailerTypeUsageSql = (id) => sql18`((select count(*) from trailers where trailers.trailer_type_id = ${id}) + (select count(*) from drivers where drivers.trailer_type_id = ${id}))::int`;
    equipmentNameUsageSql = (id) => sql18`(select count(*) from unit_equipment where unit_equipment.equipment_name_id = ${id})::int`;
    trailerTypesList = defineList({
      key: "trailer-types",
      title: "Trailer types",
      section: SECTION.General,
      from: sql18`trailer_types`,
      rowKey: sql18`trailer_types.id`,
      base: (user) => sql18`trailer_types.company_id = ${user.companyId}`,
      defaultSort: { sort: "name", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql18`trailer_types.id`, filter: "number", footer: "count" },
        { id: "name", title: "Trailer type", sql: sql18`trailer_types.name`, filter: "note", search: true },
        { id: "reefer", title: "Reefer", sql: sql18`trailer_types.reefer`, filter: "options", align: "center" },
        { id: "used", title: "In use", sql: trailerTypeUsageSql(sql18`trailer_types.id`), filter: "number", footer: "sum" }
      ]
    });
    equipmentNamesList = defineList({
      key: "equipment-names",
      title: "Equipment names",
      section: SECTION.General,
      from: sql18`equipment_names`,
      rowKey: sql18`equipment_names.id`,
      base: (user) => sql18`equipment_names.company_id = ${user.companyId}`,
      defaultSort: { sort: "name", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql18`equipment_names.id`, filter: "number", footer: "count" },
        { id: "name", title: "Equipment", sql: sql18`equipment_names.name`, filter: "note", search: true },
        {
          id: "used",
          title: "Items",
          sql: equipmentNameUsageSql(sql18`equipment_names.id`),
          filter: "number",
          footer: "sum"
        }
      ]
    });
  }
});

// src/modules/general/general.table.ts
import { boolean as boolean4, integer as integer13, pgTable as pgTable14, serial as serial13, text as text14, uniqueIndex as uniqueIndex5 } from "drizzle-orm/pg-core";
var trailerTypes, equipmentNames;
var init_general_table = __esm({
  "src/modules/general/general.table.ts"() {
    "use strict";
    trailerTypes = pgTable14(
      "trailer_types",
      {
        id: serial13().primaryKey(),
        companyId: integer13().notNull(),
        name: text14().notNull(),
        /** Reefer units count engine hours (shown "hh") as well as miles. */
        reefer: boolean4().notNull().default(false)
      },
      (t) => [uniqueIndex5("trailer_types_name_uq").on(t.companyId, t.name)]
    );
    equipmentNames = pgTable14(
      "equipment_names",
      {
        id: serial13().primaryKey(),
        companyId: integer13().notNull(),
        name: text14().notNull()
      },
      (t) => [uniqueIndex5("equipment_names_name_uq").on(t.companyId, t.name)]
    );
  }
});

// src/modules/general/general.service.ts
import { and as and13, asc as asc6, eq as eq13, ne as ne2, sql as sql19 } from "drizzle-orm";
async function findTrailerType(db, user, id) {
  const [row] = await db.select({
    id: trailerTypes.id,
    name: trailerTypes.name,
    reefer: trailerTypes.reefer,
    used: trailerTypeUsageSql(sql19`${trailerTypes.id}`).mapWith(Number)
  }).from(trailerTypes).where(and13(eq13(trailerTypes.id, id), eq13(trailerTypes.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}
async function assertTrailerTypeNameFree(db, user, name, id) {
  const [taken] = await db.select({ id: trailerTypes.id }).from(trailerTypes).where(
    and13(
      eq13(trailerTypes.companyId, user.companyId),
      sql19`lower(${trailerTypes.name}) = lower(${name})`,
      id ? ne2(trailerTypes.id, id) : void 0
    )
  );
  if (taken) throw AppError.invalidField("name", "This trailer type already exists.");
}
async function saveTrailerType(db, user, form, id) {
  const before = id ? await findTrailerType(db, user, id) : null;
  await assertTrailerTypeNameFree(db, user, form.name, id);
  return db.transaction(async (tx) => {
    const [saved] = id ? await tx.update(trailerTypes).set(form).where(and13(eq13(trailerTypes.id, id), eq13(trailerTypes.companyId, user.companyId))).returning({ id: trailerTypes.id }) : await tx.insert(trailerTypes).values({ companyId: user.companyId, ...form }).returning({ id: trailerTypes.id });
    if (!saved) throw AppError.notFound();
    const after = await findTrailerType(tx, user, saved.id);
    await writeAudit(tx, {
      actor: actorOf4(user),
      entity: "trailer_types",
      entityId: saved.id,
      action: id ? "update" : "create",
      before,
      after
    });
    return after;
  });
}
async function getTrailerType(db, user, id) {
  return findTrailerType(db, user, id);
}
async function deleteTrailerType(db, user, id) {
  await db.transaction(async (tx) => {
    const before = await findTrailerType(tx, user, id);
    if (before.used > 0) throw AppError.precondition(trailerTypeInUse(before.used));
    await tx.delete(trailerTypes).where(eq13(trailerTypes.id, id));
    await writeAudit(tx, { actor: actorOf4(user), entity: "trailer_types", entityId: id, action: "delete", before });
  });
}
async function trailerTypeOptions(db, user) {
  return db.select({ value: trailerTypes.id, label: trailerTypes.name, reefer: trailerTypes.reefer }).from(trailerTypes).where(eq13(trailerTypes.companyId, user.companyId)).orderBy(asc6(trailerTypes.name));
}
async function findEquipmentName(db, user, id) {
  const [row] = await db.select({
    id: equipmentNames.id,
    name: equipmentNames.name,
    used: equipmentNameUsageSql(sql19`${equipmentNames.id}`).mapWith(Number)
  }).from(equipmentNames).where(and13(eq13(equipmentNames.id, id), eq13(equipmentNames.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}
async function getEquipmentName(db, user, id) {
  return findEquipmentName(db, user, id);
}
async function equipmentNameExists(db, user, id) {
  const [row] = await db.select({ id: equipmentNames.id }).from(equipmentNames).where(and13(eq13(equipmentNames.id, id), eq13(equipmentNames.companyId, user.companyId)));
  return Boolean(row);
}
async function saveEquipmentName(db, user, form, id) {
  const before = id ? await findEquipmentName(db, user, id) : null;
  const [taken] = await db.select({ id: equipmentNames.id }).from(equipmentNames).where(
    and13(
      eq13(equipmentNames.companyId, user.companyId),
      sql19`lower(${equipmentNames.name}) = lower(${form.name})`,
      id ? ne2(equipmentNames.id, id) : void 0
    )
  );
  if (taken) throw AppError.invalidField("name", "This equipment name already exists.");
  return db.transaction(async (tx) => {
    const [saved] = id ? await tx.update(equipmentNames).set(form).where(and13(eq13(equipmentNames.id, id), eq13(equipmentNames.companyId, user.companyId))).returning({ id: equipmentNames.id }) : await tx.insert(equipmentNames).values({ companyId: user.companyId, ...form }).returning({ id: equipmentNames.id });
    if (!saved) throw AppError.notFound();
    const after = await findEquipmentName(tx, user, saved.id);
    await writeAudit(tx, {
      actor: actorOf4(user),
      entity: "equipment_names",
      entityId: saved.id,
      action: id ? "update" : "create",
      before,
      after
    });
    return after;
  });
}
async function deleteEquipmentName(db, user, id) {
  await db.transaction(async (tx) => {
    const before = await findEquipmentName(tx, user, id);
    if (before.used > 0) throw AppError.precondition(equipmentNameInUse(before.used));
    await tx.delete(equipmentNames).where(eq13(equipmentNames.id, id));
    await writeAudit(tx, { actor: actorOf4(user), entity: "equipment_names", entityId: id, action: "delete", before });
  });
}
async function equipmentNameOptions(db, user) {
  return db.select({ value: equipmentNames.id, label: equipmentNames.name }).from(equipmentNames).where(eq13(equipmentNames.companyId, user.companyId)).orderBy(asc6(equipmentNames.name));
}
var actorOf4;
var init_general_service = __esm({
  "src/modules/general/general.service.ts"() {
    "use strict";
    init_general_contract();
    init_audit();
    init_errors2();
    init_general_list();
    init_general_table();
    actorOf4 = (user) => ({ id: user.id, companyId: user.companyId });
  }
});

// src/modules/general/index.ts
var init_general = __esm({
  "src/modules/general/index.ts"() {
    "use strict";
    init_general_service();
    init_general_table();
  }
});

// src/modules/units/units.table.ts
import { bigint as bigint4, date as date3, index as index11, integer as integer14, pgTable as pgTable15, serial as serial14, text as text15, timestamp as timestamp14, uniqueIndex as uniqueIndex6 } from "drizzle-orm/pg-core";
var unitEquipment, unitNotes, unitValues, unitAssignments;
var init_units_table = __esm({
  "src/modules/units/units.table.ts"() {
    "use strict";
    unitEquipment = pgTable15(
      "unit_equipment",
      {
        id: serial14().primaryKey(),
        unitType: text15().notNull(),
        unitId: integer14().notNull(),
        equipmentNameId: integer14().notNull(),
        quantity: integer14().notNull().default(1),
        serial: text15(),
        notes: text15(),
        createdAt: timestamp14({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index11("unit_equipment_unit_idx").on(t.unitType, t.unitId)]
    );
    unitNotes = pgTable15(
      "unit_notes",
      {
        id: serial14().primaryKey(),
        unitType: text15().notNull(),
        unitId: integer14().notNull(),
        text: text15().notNull(),
        createdBy: integer14(),
        createdAt: timestamp14({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp14({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index11("unit_notes_unit_idx").on(t.unitType, t.unitId)]
    );
    unitValues = pgTable15(
      "unit_values",
      {
        id: serial14().primaryKey(),
        unitType: text15().notNull(),
        unitId: integer14().notNull(),
        year: integer14().notNull(),
        valueCents: bigint4({ mode: "number" }).notNull()
      },
      (t) => [uniqueIndex6("unit_values_year_uq").on(t.unitType, t.unitId, t.year)]
    );
    unitAssignments = pgTable15(
      "unit_assignments",
      {
        id: serial14().primaryKey(),
        unitType: text15().notNull(),
        unitId: integer14().notNull(),
        customerId: integer14(),
        driverId: integer14(),
        trailerId: integer14(),
        fromDate: date3().notNull(),
        toDate: date3(),
        changedBy: integer14(),
        createdAt: timestamp14({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index11("unit_assignments_unit_idx").on(t.unitType, t.unitId, t.fromDate)]
    );
  }
});

// src/modules/units/units.service.ts
import { and as and14, desc as desc2, eq as eq14, isNull as isNull3, sql as sql20 } from "drizzle-orm";
async function rowsOf4(db, query) {
  return (await db.execute(query)).rows;
}
async function requireUnit(db, user, kind, id) {
  const unit = await kind.find(db, user, id);
  if (!unit) throw AppError.notFound();
  return unit;
}
async function ownedItem(db, user, kind, item) {
  if (!item || item.unitType !== kind.type) throw AppError.notFound();
  await requireUnit(db, user, kind, item.unitId);
  return item;
}
async function equipmentById(db, id) {
  const [row] = await rowsOf4(db, equipmentSelect(sql20`e.id = ${id}`));
  if (!row) throw AppError.notFound();
  return toEquipment(row);
}
async function listEquipment(db, user, kind, unitId) {
  await requireUnit(db, user, kind, unitId);
  const rows = await rowsOf4(
    db,
    equipmentSelect(sql20`e.unit_type = ${kind.type} and e.unit_id = ${unitId}`)
  );
  return {
    truck_equipment: rows.map(toEquipment),
    filter: { equipments: await equipmentNameOptions(db, user) }
  };
}
async function findEquipment(db, user, kind, id) {
  const [item] = await db.select().from(unitEquipment).where(eq14(unitEquipment.id, id));
  return ownedItem(db, user, kind, item);
}
async function editEquipment(db, user, kind, id) {
  await findEquipment(db, user, kind, id);
  return { item: await equipmentById(db, id), filter: { equipments: await equipmentNameOptions(db, user) } };
}
async function assertEquipmentName(db, user, id) {
  if (!await equipmentNameExists(db, user, id))
    throw AppError.invalidField("equipment_name_id", "Choose the equipment from the list.");
}
async function storeEquipment(db, user, kind, unitId, form) {
  await requireUnit(db, user, kind, unitId);
  await assertEquipmentName(db, user, form.equipment_name_id);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(unitEquipment).values({
      unitType: kind.type,
      unitId,
      equipmentNameId: form.equipment_name_id,
      quantity: form.quantity,
      serial: form.serial,
      notes: form.notes
    }).returning({ id: unitEquipment.id });
    if (!created) throw new AppError("internal", "Equipment not created");
    const item = await equipmentById(tx, created.id);
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_equipment`,
      entityId: created.id,
      action: "create",
      after: item
    });
    return item;
  });
}
async function updateEquipment(db, user, kind, id, form) {
  await findEquipment(db, user, kind, id);
  await assertEquipmentName(db, user, form.equipment_name_id);
  const before = await equipmentById(db, id);
  return db.transaction(async (tx) => {
    await tx.update(unitEquipment).set({ equipmentNameId: form.equipment_name_id, quantity: form.quantity, serial: form.serial, notes: form.notes }).where(eq14(unitEquipment.id, id));
    const item = await equipmentById(tx, id);
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_equipment`,
      entityId: id,
      action: "update",
      before,
      after: item
    });
    return item;
  });
}
async function deleteEquipment(db, user, kind, id) {
  await findEquipment(db, user, kind, id);
  const before = await equipmentById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(unitEquipment).where(eq14(unitEquipment.id, id));
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_equipment`,
      entityId: id,
      action: "delete",
      before
    });
  });
}
async function createEquipmentName(db, user, name) {
  const created = await saveEquipmentName(db, user, { name });
  return {
    message: MSG.createdSelectItem,
    equipment: { value: created.id, label: created.name },
    equipments: await equipmentNameOptions(db, user)
  };
}
async function noteById(db, id) {
  const [row] = await rowsOf4(db, noteSelect(sql20`n.id = ${id}`));
  if (!row) throw AppError.notFound();
  return toNote(row);
}
async function listNotes(db, user, kind, unitId, text31 = "") {
  await requireUnit(db, user, kind, unitId);
  const needle = text31.trim().toLowerCase();
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf4(
    db,
    noteSelect(
      sql20`n.unit_type = ${kind.type} and n.unit_id = ${unitId}${needle ? sql20` and lower(n.text) like ${pattern}` : sql20``}`
    )
  );
  return { list: rows.map(toNote), filter: { notes: needle }, total: rows.length };
}
async function describeUnit(db, user, kind, unitId) {
  const { list: list2 } = await listNotes(db, user, kind, unitId);
  return { description: list2.length, list: list2 };
}
async function findNote(db, user, kind, id) {
  const [item] = await db.select().from(unitNotes).where(eq14(unitNotes.id, id));
  return ownedItem(db, user, kind, item);
}
async function storeNote(db, user, kind, unitId, text31) {
  await requireUnit(db, user, kind, unitId);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(unitNotes).values({ unitType: kind.type, unitId, text: text31, createdBy: user.id }).returning({ id: unitNotes.id });
    if (!created) throw new AppError("internal", "Note not created");
    const item = await noteById(tx, created.id);
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_notes`,
      entityId: created.id,
      action: "create",
      after: item
    });
    return item;
  });
}
async function updateNote(db, user, kind, id, text31) {
  await findNote(db, user, kind, id);
  const before = await noteById(db, id);
  return db.transaction(async (tx) => {
    await tx.update(unitNotes).set({ text: text31, updatedAt: /* @__PURE__ */ new Date() }).where(eq14(unitNotes.id, id));
    const item = await noteById(tx, id);
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_notes`,
      entityId: id,
      action: "update",
      before,
      after: item
    });
    return item;
  });
}
async function deleteNote(db, user, kind, id) {
  await findNote(db, user, kind, id);
  const before = await noteById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(unitNotes).where(eq14(unitNotes.id, id));
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_notes`,
      entityId: id,
      action: "delete",
      before
    });
  });
}
function depreciationOf(values2, originCents) {
  const sorted = [...values2].sort((a, b) => a.year - b.year);
  return sorted.map((v, i) => {
    const previous = i === 0 ? originCents : sorted[i - 1]?.valueCents ?? null;
    const loss = previous === null ? null : previous - v.valueCents;
    return {
      id: v.id,
      unit_id: v.unitId,
      year: v.year,
      value: dollars3(v.valueCents),
      depreciation: loss === null ? null : dollars3(loss),
      depreciation_percent: loss === null || !previous ? null : Math.round(loss / previous * 1e3) / 10
    };
  });
}
async function valueOverview(db, user, kind, unitId) {
  const unit = await requireUnit(db, user, kind, unitId);
  const values2 = await db.select().from(unitValues).where(and14(eq14(unitValues.unitType, kind.type), eq14(unitValues.unitId, unitId)));
  const thisYear2 = Number(nowInCompanyTimeZone().date.slice(0, 4));
  const taken = new Set(values2.map((v) => v.year));
  const first = Math.max(1980, Math.min(unit.year ?? thisYear2, thisYear2 - VALUE_YEARS_BACK));
  const free = [];
  for (let y = thisYear2; y >= first; y--) if (!taken.has(y)) free.push(y);
  return {
    years: depreciationOf(values2, unit.originValueCents).reverse(),
    filter: { years: free },
    trucks: { id: unit.id, number: unit.number, make: unit.make, model: unit.model, year: unit.year },
    originValue: unit.originValueCents === null ? null : dollars3(unit.originValueCents)
  };
}
async function findValue(db, user, kind, id) {
  const [item] = await db.select().from(unitValues).where(eq14(unitValues.id, id));
  return ownedItem(db, user, kind, item);
}
async function editValue(db, user, kind, id) {
  return valueRow(await findValue(db, user, kind, id));
}
async function assertYearFree(db, kind, unitId, year, id) {
  const [taken] = await db.select({ id: unitValues.id }).from(unitValues).where(and14(eq14(unitValues.unitType, kind.type), eq14(unitValues.unitId, unitId), eq14(unitValues.year, year)));
  if (taken && taken.id !== id) throw AppError.invalidField("year", `A value for ${year} already exists.`);
}
async function storeValue(db, user, kind, unitId, form) {
  await requireUnit(db, user, kind, unitId);
  await assertYearFree(db, kind, unitId, form.year);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(unitValues).values({ unitType: kind.type, unitId, year: form.year, valueCents: form.value }).returning();
    if (!created) throw new AppError("internal", "Value not created");
    const item = valueRow(created);
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_values`,
      entityId: created.id,
      action: "create",
      after: item
    });
    return item;
  });
}
async function updateValue(db, user, kind, id, form) {
  const before = await findValue(db, user, kind, id);
  await assertYearFree(db, kind, before.unitId, form.year, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(unitValues).set({ year: form.year, valueCents: form.value }).where(eq14(unitValues.id, id)).returning();
    if (!updated) throw AppError.notFound();
    const item = valueRow(updated);
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_values`,
      entityId: id,
      action: "update",
      before: valueRow(before),
      after: item
    });
    return item;
  });
}
async function deleteValue(db, user, kind, id) {
  const before = await findValue(db, user, kind, id);
  await db.transaction(async (tx) => {
    await tx.delete(unitValues).where(eq14(unitValues.id, id));
    await writeAudit(tx, {
      actor: actorOf5(user),
      entity: `${kind.type}_values`,
      entityId: id,
      action: "delete",
      before: valueRow(before)
    });
  });
}
async function history(db, user, kind, unitId) {
  await requireUnit(db, user, kind, unitId);
  const rows = await rowsOf4(
    db,
    sql20`select a.id, a.customer_id, c.name as customer, a.driver_id, d.name as driver, a.trailer_id,
          t.trailer_number, a.from_date, a.to_date, u.name as changed_by
        from unit_assignments a
        left join customers c on c.id = a.customer_id
        left join drivers d on d.id = a.driver_id
        left join trailers t on t.id = a.trailer_id
        left join users u on u.id = a.changed_by
        where a.unit_type = ${kind.type} and a.unit_id = ${unitId}
        order by a.from_date desc, a.id desc`
  );
  return rows.map((r) => ({ ...r, from_date: day(r.from_date), to_date: r.to_date === null ? null : day(r.to_date) }));
}
async function recordAssignment(tx, opts) {
  const { before, after } = opts;
  if (before.customerId === after.customerId && before.driverId === after.driverId && before.trailerId === after.trailerId)
    return false;
  const fromDate = opts.fromDate ?? nowInCompanyTimeZone().date;
  const open = and14(
    eq14(unitAssignments.unitType, opts.kind.type),
    eq14(unitAssignments.unitId, opts.unitId),
    isNull3(unitAssignments.toDate)
  );
  const [current2] = await tx.select().from(unitAssignments).where(open).orderBy(desc2(unitAssignments.fromDate)).limit(1);
  if (current2 && current2.fromDate > fromDate)
    throw AppError.invalidField(
      "from_date",
      `The change cannot start before the current assignment (${current2.fromDate}).`
    );
  await tx.update(unitAssignments).set({ toDate: fromDate }).where(open);
  if (after.customerId !== null || after.driverId !== null || after.trailerId !== null) {
    await tx.insert(unitAssignments).values({
      unitType: opts.kind.type,
      unitId: opts.unitId,
      customerId: after.customerId,
      driverId: after.driverId,
      trailerId: after.trailerId,
      fromDate,
      changedBy: opts.user.id
    });
  }
  await writeAudit(tx, {
    actor: actorOf5(opts.user),
    entity: `${opts.kind.type}_assignments`,
    entityId: opts.unitId,
    action: "update",
    before: opts.before,
    after: { ...opts.after, from_date: fromDate }
  });
  return true;
}
async function selectOptions2(db, query) {
  const rows = await rowsOf4(db, query);
  return rows.map((r) => ({ value: Number(r.value), label: r.label }));
}
async function removeUnitParts(tx, kind, unitId) {
  for (const table of [unitEquipment, unitNotes, unitValues, unitAssignments]) {
    await tx.delete(table).where(and14(eq14(table.unitType, kind.type), eq14(table.unitId, unitId)));
  }
}
var actorOf5, iso, equipmentSelect, toEquipment, noteSelect, toNote, VALUE_YEARS_BACK, dollars3, valueRow, day;
var init_units_service = __esm({
  "src/modules/units/units.service.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_audit();
    init_errors2();
    init_general();
    init_units_table();
    actorOf5 = (user) => ({ id: user.id, companyId: user.companyId });
    iso = (v) => v instanceof Date ? v.toISOString() : String(v);
    equipmentSelect = (where) => sql20`
  select e.id, e.unit_id, e.equipment_name_id, n.name, e.quantity, e.serial, e.notes, e.created_at
  from unit_equipment e join equipment_names n on n.id = e.equipment_name_id
  where ${where} order by n.name, e.id`;
    toEquipment = (r) => ({ ...r, created_at: iso(r.created_at) });
    noteSelect = (where) => sql20`
  select n.id, n.unit_id, n.text as notes, u.name as created_by, n.created_at, n.updated_at
  from unit_notes n left join users u on u.id = n.created_by
  where ${where} order by n.created_at desc, n.id desc`;
    toNote = (r) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });
    VALUE_YEARS_BACK = 20;
    dollars3 = (cents2) => Math.round(cents2) / 100;
    valueRow = (v) => ({
      id: v.id,
      unit_id: v.unitId,
      year: v.year,
      value: dollars3(v.valueCents),
      depreciation: null,
      depreciation_percent: null
    });
    day = (v) => v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
  }
});

// src/modules/units/unit-writes.ts
import { sql as sql21 } from "drizzle-orm";
async function unitFormChecks(db, user, customerId2) {
  const errors = {};
  const exists = async (table, value) => {
    if (value === null) return true;
    const { rows } = await db.execute(
      sql21`select 1 from ${sql21.identifier(table)} where id = ${value} and company_id = ${user.companyId}`
    );
    return Boolean(rows[0]);
  };
  if (!await exists("customers", customerId2)) errors.customer_id = ["Choose a customer from the list."];
  if (user.customerId && customerId2 !== user.customerId) errors.customer_id = ["Choose your own company."];
  return { errors, exists };
}
async function auditUnitWrite(tx, opts) {
  await recordAssignment(tx, { user: opts.user, kind: opts.kind, unitId: opts.unitId, ...opts.assignment });
  const unit = await opts.read();
  await writeAudit(tx, {
    actor: actorOf6(opts.user),
    entity: entityOf(opts.kind),
    entityId: opts.unitId,
    action: opts.action,
    ...opts.before === void 0 ? {} : { before: opts.before },
    after: unit
  });
  return unit;
}
async function auditAssignmentChange(tx, opts) {
  const changed = await recordAssignment(tx, {
    user: opts.user,
    kind: opts.kind,
    unitId: opts.unitId,
    ...opts.assignment,
    fromDate: opts.fromDate
  });
  if (!changed) return;
  await writeAudit(tx, {
    actor: actorOf6(opts.user),
    entity: entityOf(opts.kind),
    entityId: opts.unitId,
    action: "update",
    before: opts.before,
    after: await opts.read()
  });
}
async function deleteUnitParts(tx, opts) {
  await removeUnitParts(tx, opts.kind, opts.unitId);
  await writeAudit(tx, {
    actor: actorOf6(opts.user),
    entity: entityOf(opts.kind),
    entityId: opts.unitId,
    action: "delete",
    before: opts.before
  });
}
var actorOf6, entityOf;
var init_unit_writes = __esm({
  "src/modules/units/unit-writes.ts"() {
    "use strict";
    init_audit();
    init_units_service();
    actorOf6 = (user) => ({ id: user.id, companyId: user.companyId });
    entityOf = (kind) => `${kind.type}s`;
  }
});

// src/platform/registry/expiry.ts
import { sql as sql22 } from "drizzle-orm";
function expiryColumns(opts) {
  return [
    {
      id: opts.id,
      title: opts.title,
      sql: opts.date,
      filter: "date",
      dateType: "date",
      ...opts.joins ? { joins: opts.joins } : {}
    },
    {
      id: `${opts.id}_due`,
      title: `${opts.title} due`,
      sql: dueStateSql(opts.date),
      filter: "list",
      hidden: true,
      options: sql22`select * from (values ('overdue', 'Overdue'), ('due', 'Due in 30 days'), ('ok', 'OK')) o(value, label)`,
      ...opts.joins ? { joins: opts.joins } : {}
    }
  ];
}
var DUE_WINDOW_DAYS, COMPANY_TODAY, dueStateSql;
var init_expiry = __esm({
  "src/platform/registry/expiry.ts"() {
    "use strict";
    DUE_WINDOW_DAYS = 30;
    COMPANY_TODAY = sql22`(now() at time zone 'America/Chicago')::date`;
    dueStateSql = (date11) => sql22`case when ${date11} is null then null when ${date11} < ${COMPANY_TODAY} then 'overdue' when ${date11} <= ${COMPANY_TODAY} + ${DUE_WINDOW_DAYS}::int then 'due' else 'ok' end`;
  }
});

// src/modules/units/units.columns.ts
import { sql as sql23 } from "drizzle-orm";
function unitServiceColumns(t) {
  return [
    {
      id: "alignment_date",
      title: "Alignment",
      sql: t.alignment,
      // On: alignment due within 30 days or overdue.
      filter: "options",
      filterSql: dateDueSql(t.alignment)
    },
    {
      id: "annual_inspection_date",
      title: "Annual inspection",
      sql: t.inspection,
      // On: annual inspection due within 30 days or overdue.
      filter: "options",
      filterSql: dateDueSql(t.inspection)
    },
    // Overdue / Due in 30 days / OK, like every expiry column of the registries.
    ...expiryColumns({ id: "annual_inspection_date", title: "Annual inspection", date: t.inspection }).slice(1),
    {
      id: "pm_date",
      title: "PM",
      sql: t.pmMark,
      // On: the odometer (engine hours on a reefer) has reached the PM mark.
      filter: "options",
      filterSql: pmDueSql(t.reading, t.pmMark),
      miles: t.pmMiles ?? true,
      align: "right"
    },
    { id: "odometer", title: "Odometer", sql: t.reading, filter: "number", miles: true, hidden: true, align: "right" },
    { id: "company_owner", title: "Company owner", sql: t.companyOwner, filter: "list" },
    {
      id: "active",
      title: "Active",
      sql: sql23`case when ${t.status} = 'active' then 'Active' else 'Inactive' end`,
      filterSql: sql23`case when ${t.status} = 'active' then 'active' else 'inactive' end`,
      filter: "list",
      options: sql23`select * from (values ('active', 'Active'), ('inactive', 'Inactive')) o(value, label)`,
      align: "center"
    },
    {
      id: "left_company",
      title: "Left company",
      sql: sql23`(${t.status} = 'left_company')`,
      filter: "options",
      align: "center"
    },
    { id: "sold", title: "Sold", sql: sql23`(${t.status} = 'sold')`, filter: "options", align: "center" },
    // What the web paints: due service dates and PM.
    { id: "alignment_due", title: "Alignment due", sql: dateDueSql(t.alignment), data: true },
    { id: "annual_inspection_due", title: "Inspection due", sql: dateDueSql(t.inspection), data: true },
    { id: "pm_due", title: "PM due", sql: pmDueSql(t.reading, t.pmMark), data: true },
    { id: "status_code", title: "Status", sql: t.status, data: true }
  ];
}
var TODAY, dateDueSql, pmDueSql, registrationColumns;
var init_units_columns = __esm({
  "src/modules/units/units.columns.ts"() {
    "use strict";
    init_expiry();
    TODAY = sql23`(now() at time zone 'America/Chicago')::date`;
    dateDueSql = (date11) => sql23`(${date11} <= ${TODAY} + ${DUE_WINDOW_DAYS}::int)`;
    pmDueSql = (reading, mark) => sql23`(${reading} >= ${mark})`;
    registrationColumns = (date11) => expiryColumns({ id: "registration_expires_on", title: "Registration", date: date11 });
  }
});

// src/modules/units/units.list.ts
import { sql as sql24 } from "drizzle-orm";
function defineEquipmentList(opts) {
  return defineList({
    key: opts.key,
    title: opts.title,
    section: opts.section,
    from: sql24`unit_equipment e join ${opts.unitTable} unit on unit.id = e.unit_id and e.unit_type = ${opts.type} join equipment_names n on n.id = e.equipment_name_id`,
    rowKey: sql24`e.id`,
    base: (user) => sql24`unit.company_id = ${user.companyId}`,
    defaultSort: { sort: "unit_number", order: "asc" },
    columns: [
      { id: "id", title: "ID", sql: sql24`e.id`, filter: "number", footer: "count" },
      { id: "unit_id", title: "Unit ID", sql: sql24`e.unit_id`, filter: "number", hidden: true },
      { id: "unit_number", title: "Unit", sql: opts.unitNumber, filter: "note", search: true },
      {
        id: "name",
        title: "Equipment",
        sql: sql24`n.name`,
        filterSql: sql24`n.id`,
        filter: "list",
        search: true,
        footer: "unique"
      },
      { id: "quantity", title: "Quantity", sql: sql24`e.quantity`, filter: "number", footer: "sum", align: "right" },
      { id: "serial", title: "Serial", sql: sql24`e.serial`, filter: "note", search: true },
      { id: "notes", title: "Notes", sql: sql24`e.notes`, filter: "note", clip: 60 }
    ]
  });
}
function withSpecFilterNames(body) {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const rest = {};
  const given = body.filters;
  const filters = given && typeof given === "object" && !Array.isArray(given) ? { ...given } : {};
  for (const [key, value] of Object.entries(filters)) {
    if (!key.startsWith("filter_")) continue;
    delete filters[key];
    filters[key.slice("filter_".length)] = value;
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === "filters") continue;
    if (key.startsWith("filter_") && value !== null && value !== void 0)
      filters[key.slice("filter_".length)] = value;
    else rest[key] = value;
  }
  return { ...rest, filters };
}
var init_units_list = __esm({
  "src/modules/units/units.list.ts"() {
    "use strict";
    init_define_list();
  }
});

// src/modules/units/units.routes.ts
import { z as z31 } from "zod";
function registerUnitRoutes(app2, db, opts) {
  const { prefix: p, section: section2, kind } = opts;
  const tags = [section2 === SECTION.Trucks ? "Trucks" : "Trailers"];
  const read = { section: section2 };
  const write = { section: section2, action: [ACTION.CREATE, ACTION.EDIT] };
  const edit = { section: section2, action: ACTION.EDIT };
  const remove = { section: section2, action: [ACTION.EDIT, ACTION.DELETE] };
  const params = { params: IdParamsSchema };
  registerListRoute(app2, db, opts.equipmentList, { url: `${p}/equipment/list`, tags });
  app2.post(`${p}/equipment/:id`, {
    config: { access: read },
    schema: { tags, ...params, body: z31.unknown(), response: { 200: EquipmentListResponseSchema } },
    handler: async (req) => listEquipment(db, caller(req).user, kind, req.params.id)
  });
  app2.get(`${p}/equipment/:id/edit`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: EquipmentEditResponseSchema } },
    handler: async (req) => editEquipment(db, caller(req).user, kind, req.params.id)
  });
  app2.post(`${p}/equipment/:id/store`, {
    config: { access: write },
    schema: { tags, ...params, body: EquipmentFormSchema, response: { 200: EquipmentItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.createdEquipment,
      item: await storeEquipment(db, caller(req).user, kind, req.params.id, req.body)
    })
  });
  app2.post(`${p}/equipment/:id/update`, {
    config: { access: edit },
    schema: { tags, ...params, body: EquipmentFormSchema, response: { 200: EquipmentItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.updatedEquipment,
      item: await updateEquipment(db, caller(req).user, kind, req.params.id, req.body)
    })
  });
  app2.delete(`${p}/equipment/:id`, {
    config: { access: remove },
    schema: { tags, ...params, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await deleteEquipment(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removeEquipment };
    }
  });
  app2.post(`${p}/setEquipment`, {
    config: { access: { anyOf: [write, { section: SECTION.General, action: ACTION.CREATE }] } },
    schema: { tags, body: SetEquipmentBodySchema, response: { 200: SetEquipmentResponseSchema } },
    handler: async (req) => createEquipmentName(db, caller(req).user, req.body.name)
  });
  app2.post(`${p}/notes/:id`, {
    config: { access: read },
    schema: { tags, ...params, body: NotesListBodySchema.optional(), response: { 200: NotesListResponseSchema } },
    handler: async (req) => listNotes(db, caller(req).user, kind, req.params.id, req.body?.filters.notes ?? "")
  });
  app2.post(`${p}/notes/:id/store`, {
    config: { access: write },
    schema: { tags, ...params, body: NoteFormSchema, response: { 200: NoteItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.createdNotes,
      item: await storeNote(db, caller(req).user, kind, req.params.id, req.body.notes)
    })
  });
  app2.post(`${p}/notes/:id/update`, {
    config: { access: edit },
    schema: { tags, ...params, body: NoteFormSchema, response: { 200: NoteItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.updatedNotes,
      item: await updateNote(db, caller(req).user, kind, req.params.id, req.body.notes)
    })
  });
  app2.delete(`${p}/notes/:id`, {
    config: { access: remove },
    schema: { tags, ...params, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await deleteNote(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removeNotes };
    }
  });
  app2.get(`${p}/description/:id`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: DescriptionResponseSchema } },
    handler: async (req) => describeUnit(db, caller(req).user, kind, req.params.id)
  });
  app2.get(`${p}/value/:id`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: ValueResponseSchema } },
    handler: async (req) => valueOverview(db, caller(req).user, kind, req.params.id)
  });
  app2.get(`${p}/value/:id/edit`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: z31.object({ item: ValueRowSchema }) } },
    handler: async (req) => ({ item: await editValue(db, caller(req).user, kind, req.params.id) })
  });
  app2.post(`${p}/value/:id/store`, {
    config: { access: write },
    schema: { tags, ...params, body: ValueFormSchema, response: { 200: ValueItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.createdValue,
      item: await storeValue(db, caller(req).user, kind, req.params.id, req.body)
    })
  });
  app2.post(`${p}/value/:id/update`, {
    config: { access: edit },
    schema: { tags, ...params, body: ValueFormSchema, response: { 200: ValueItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.updatedValue,
      item: await updateValue(db, caller(req).user, kind, req.params.id, req.body)
    })
  });
  app2.delete(`${p}/value/:id`, {
    config: { access: remove },
    schema: { tags, ...params, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await deleteValue(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removalSuccess };
    }
  });
  app2.post(`${p}/updateTruckCustomer`, {
    config: { access: read },
    schema: { tags, body: UpdateAssignmentBodySchema, response: { 200: HistoryResponseSchema } },
    handler: async (req) => {
      const { user, grants } = caller(req);
      const body = req.body;
      const changes = body.customer_id !== void 0 || body.driver_id !== void 0 || body.trailer_id !== void 0;
      if (changes) {
        if (!can(grants, { section: section2, action: [ACTION.EDIT, ACTION.CHANGE_BINDING] })) throw AppError.forbidden();
        await opts.changeAssignment(user, body);
      }
      return {
        ...changes ? { message: MSG.savingSuccess } : {},
        history: await history(db, user, kind, body.id)
      };
    }
  });
}
function registerUnitSaveRoutes(app2, opts) {
  const { prefix, section: section2, tags, key } = opts;
  app2.post(prefix, {
    config: { access: { section: section2, action: ACTION.CREATE } },
    schema: { tags, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: MSG.savingSuccess,
      [key]: await opts.create(caller(req).user, req.body)
    })
  });
  app2.put(`${prefix}/:id`, {
    config: { access: { section: section2, action: ACTION.EDIT } },
    schema: { tags, params: IdParamsSchema, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: MSG.savingSuccess,
      [key]: await opts.update(caller(req).user, req.params.id, req.body)
    })
  });
  app2.delete(`${prefix}/:id`, {
    config: { access: { section: section2, action: ACTION.DELETE } },
    schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await opts.remove(caller(req).user, req.params.id);
      return { message: MSG.removalSuccess };
    }
  });
}
var init_units_routes = __esm({
  "src/modules/units/units.routes.ts"() {
    "use strict";
    init_src();
    init_units_contract();
    init_guard();
    init_errors2();
    init_list_routes();
    init_units_service();
  }
});

// src/modules/units/index.ts
var init_units = __esm({
  "src/modules/units/index.ts"() {
    "use strict";
    init_unit_writes();
    init_units_columns();
    init_units_list();
    init_units_routes();
    init_units_service();
    init_units_table();
  }
});

// src/modules/trucks/trucks.table.ts
import { bigint as bigint5, date as date4, index as index12, integer as integer15, pgTable as pgTable16, serial as serial15, text as text16, timestamp as timestamp15, uniqueIndex as uniqueIndex7 } from "drizzle-orm/pg-core";
var trucks;
var init_trucks_table = __esm({
  "src/modules/trucks/trucks.table.ts"() {
    "use strict";
    trucks = pgTable16(
      "trucks",
      {
        id: serial15().primaryKey(),
        companyId: integer15().notNull(),
        truckNumber: text16().notNull(),
        make: text16(),
        model: text16(),
        year: integer15(),
        vin: text16(),
        plate: text16(),
        customerId: integer15(),
        driverId: integer15(),
        trailerId: integer15(),
        /** The ELD provider. */
        eld: text16(),
        alignmentDate: date4(),
        annualInspectionDate: date4(),
        /** Odometer reading (miles) at which the next PM service is due. */
        pmMiles: integer15(),
        odometer: integer15(),
        registrationExpiresOn: date4(),
        companyOwner: text16(),
        status: text16().notNull().default("active"),
        /** on_road, in_shop, waiting, out_of_service */
        truckStatus: text16(),
        originValueCents: bigint5({ mode: "number" }),
        createdAt: timestamp15({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp15({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [
        uniqueIndex7("trucks_number_uq").on(t.companyId, t.truckNumber),
        index12("trucks_customer_idx").on(t.customerId)
      ]
    );
  }
});

// src/modules/trucks/trucks.service.ts
import { and as and15, eq as eq15, ne as ne3, sql as sql25 } from "drizzle-orm";
async function rowsOf5(db, query) {
  return (await db.execute(query)).rows;
}
async function findRecord(db, user, id) {
  const [t] = await db.select().from(trucks).where(and15(eq15(trucks.id, id), scope(user)));
  if (!t) throw AppError.notFound();
  return t;
}
async function getTruck(db, user, id) {
  const t = await findRecord(db, user, id);
  const [names] = await rowsOf5(
    db,
    sql25`select
      (select name from customers where id = ${t.customerId}) as customer,
      (select name from drivers where id = ${t.driverId}) as driver,
      (select trailer_number from trailers where id = ${t.trailerId}) as trailer_number,
      (select tt.name from trailers tr join trailer_types tt on tt.id = tr.trailer_type_id where tr.id = ${t.trailerId}) as trailer_type`
  );
  return {
    id: t.id,
    truck_number: t.truckNumber,
    make: t.make,
    model: t.model,
    year: t.year,
    vin: t.vin,
    plate: t.plate,
    customer_id: t.customerId,
    customer: names?.customer ?? null,
    driver_id: t.driverId,
    driver: names?.driver ?? null,
    trailer_id: t.trailerId,
    trailer_number: names?.trailer_number ?? null,
    trailer_type: names?.trailer_type ?? null,
    eld: t.eld,
    alignment_date: t.alignmentDate,
    annual_inspection_date: t.annualInspectionDate,
    pm_miles: t.pmMiles,
    odometer: t.odometer,
    registration_expires_on: t.registrationExpiresOn,
    company_owner: t.companyOwner,
    status: t.status,
    truck_status: t.truckStatus ?? null,
    origin_value: t.originValueCents === null ? null : t.originValueCents / 100
  };
}
async function driverTrailers(db, user, customerId2) {
  const byCustomer = (column) => customerId2 ? sql25` and ${column} = ${customerId2}` : sql25``;
  const [drivers2, trailers2] = await Promise.all([
    selectOptions2(
      db,
      sql25`select id as value, name as label from drivers where company_id = ${user.companyId} and active${byCustomer(sql25`customer_id`)} order by name`
    ),
    selectOptions2(
      db,
      sql25`select id as value, trailer_number as label from trailers where company_id = ${user.companyId} and status = 'active'${byCustomer(sql25`customer_id`)} order by trailer_number`
    )
  ]);
  return { drivers: drivers2, trailers: trailers2 };
}
async function truckOptions(db, user, customerId2) {
  const customerScope2 = user.customerId ? sql25` and id = ${user.customerId}` : sql25``;
  const [customers2, pair, elds] = await Promise.all([
    selectOptions2(
      db,
      sql25`select id as value, name as label from customers where company_id = ${user.companyId}${customerScope2} order by name`
    ),
    driverTrailers(db, user, customerId2 ?? user.customerId),
    rowsOf5(
      db,
      sql25`select distinct eld from trucks where company_id = ${user.companyId} and eld is not null order by eld`
    )
  ]);
  return { customers: customers2, ...pair, elds: elds.map((e) => e.eld) };
}
async function checkForm(db, user, form, id) {
  const { errors, exists } = await unitFormChecks(db, user, form.customer_id);
  if (!await exists("drivers", form.driver_id)) errors.driver_id = ["Choose a driver from the list."];
  if (!await exists("trailers", form.trailer_id)) errors.trailer_id = ["Choose a trailer from the list."];
  const [sameNumber] = await db.select({ id: trucks.id }).from(trucks).where(
    and15(
      eq15(trucks.companyId, user.companyId),
      sql25`lower(${trucks.truckNumber}) = lower(${form.truck_number})`,
      id ? ne3(trucks.id, id) : void 0
    )
  );
  if (sameNumber) errors.truck_number = [`Truck ${form.truck_number} already exists.`];
  if (form.trailer_id !== null && !errors.trailer_id) {
    const [hauling] = await db.select({ number: trucks.truckNumber }).from(trucks).where(
      and15(
        eq15(trucks.companyId, user.companyId),
        eq15(trucks.trailerId, form.trailer_id),
        id ? ne3(trucks.id, id) : void 0
      )
    );
    if (hauling) errors.trailer_id = [`This trailer is on truck ${hauling.number}; unhook it there first.`];
  }
  if (form.driver_id !== null && !errors.driver_id) {
    const [driving] = await db.select({ number: trucks.truckNumber }).from(trucks).where(
      and15(
        eq15(trucks.companyId, user.companyId),
        eq15(trucks.driverId, form.driver_id),
        id ? ne3(trucks.id, id) : void 0
      )
    );
    if (driving) errors.driver_id = [`This driver drives truck ${driving.number}; change it there first.`];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}
async function createTruck(db, user, form) {
  await checkForm(db, user, form);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(trucks).values({ companyId: user.companyId, ...columnsOf5(form) }).returning();
    if (!created) throw new AppError("internal", "Truck not created");
    await truckDriverChanged(tx, user, {
      truckId: created.id,
      trailerId: created.trailerId,
      before: null,
      after: created.driverId
    });
    return auditUnitWrite(tx, {
      user,
      kind: truckKind,
      unitId: created.id,
      action: "create",
      assignment: { before: assignmentOf(null), after: assignmentOf(created) },
      read: () => getTruck(tx, user, created.id)
    });
  });
}
async function updateTruck(db, user, id, form) {
  const before = await getTruck(db, user, id);
  const record = await findRecord(db, user, id);
  await checkForm(db, user, form, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(trucks).set({ ...columnsOf5(form), updatedAt: /* @__PURE__ */ new Date() }).where(and15(eq15(trucks.id, id), scope(user))).returning();
    if (!updated) throw AppError.notFound();
    await truckDriverChanged(tx, user, {
      truckId: id,
      trailerId: updated.trailerId,
      before: record?.driverId ?? null,
      after: updated.driverId
    });
    return auditUnitWrite(tx, {
      user,
      kind: truckKind,
      unitId: id,
      action: "update",
      assignment: { before: assignmentOf(record), after: assignmentOf(updated) },
      before,
      read: () => getTruck(tx, user, id)
    });
  });
}
async function assignTruck(db, user, body) {
  const current2 = await getTruck(db, user, body.id);
  const record = await findRecord(db, user, body.id);
  const form = {
    ...current2,
    customer_id: body.customer_id === void 0 ? current2.customer_id : body.customer_id,
    driver_id: body.driver_id === void 0 ? current2.driver_id : body.driver_id,
    trailer_id: body.trailer_id === void 0 ? current2.trailer_id : body.trailer_id
  };
  await checkForm(db, user, form, body.id);
  await db.transaction(async (tx) => {
    const [updated] = await tx.update(trucks).set({
      customerId: form.customer_id,
      driverId: form.driver_id,
      trailerId: form.trailer_id,
      updatedAt: /* @__PURE__ */ new Date()
    }).where(eq15(trucks.id, body.id)).returning();
    if (!updated) throw AppError.notFound();
    await truckDriverChanged(tx, user, {
      truckId: body.id,
      trailerId: updated.trailerId,
      before: record?.driverId ?? null,
      after: updated.driverId
    });
    await auditAssignmentChange(tx, {
      user,
      kind: truckKind,
      unitId: body.id,
      assignment: { before: assignmentOf(record), after: assignmentOf(updated) },
      fromDate: body.from_date ?? null,
      before: current2,
      read: () => getTruck(tx, user, body.id)
    });
  });
}
async function deleteTruck(db, user, id) {
  const before = await getTruck(db, user, id);
  const [driver] = await rowsOf5(
    db,
    sql25`select name from drivers where company_id = ${user.companyId} and (id = ${before.driver_id} or truck_id = ${id}) limit 1`
  );
  if (driver)
    throw AppError.precondition(
      `Truck ${before.truck_number} is assigned to ${driver.name}; unassign the driver first.`
    );
  await db.transaction(async (tx) => {
    await tx.delete(trucks).where(and15(eq15(trucks.id, id), scope(user)));
    await deleteUnitParts(tx, { user, kind: truckKind, unitId: id, before });
  });
}
async function followDriverTruck(tx, user, change) {
  if (change.before === change.after) return;
  const audit = (truckId, before, after) => writeAudit(tx, {
    actor: { id: user.id, companyId: user.companyId },
    entity: "trucks",
    entityId: truckId,
    action: "update",
    before: { driver_id: before },
    after: { driver_id: after }
  });
  if (change.before !== null) {
    const [left] = await tx.update(trucks).set({
      driverId: sql25`(select d.id from drivers d where d.truck_id = ${change.before} and d.id <> ${change.driverId} order by d.id limit 1)`,
      updatedAt: /* @__PURE__ */ new Date()
    }).where(and15(eq15(trucks.id, change.before), eq15(trucks.driverId, change.driverId))).returning({ id: trucks.id, driverId: trucks.driverId });
    if (left) await audit(left.id, change.driverId, left.driverId);
  }
  if (change.after !== null) {
    const [taken] = await tx.update(trucks).set({ driverId: change.driverId, updatedAt: /* @__PURE__ */ new Date() }).where(and15(eq15(trucks.id, change.after), sql25`${trucks.driverId} is null`)).returning({ id: trucks.id });
    if (taken) await audit(taken.id, null, change.driverId);
  }
}
var scope, truckKind, columnsOf5, assignmentOf;
var init_trucks_service = __esm({
  "src/modules/trucks/trucks.service.ts"() {
    "use strict";
    init_audit();
    init_errors2();
    init_units();
    init_units();
    init_truck_driver();
    init_trucks_table();
    scope = (user) => and15(eq15(trucks.companyId, user.companyId), user.customerId ? eq15(trucks.customerId, user.customerId) : void 0);
    truckKind = {
      type: "truck",
      async find(db, user, id) {
        const [t] = await db.select({
          id: trucks.id,
          number: trucks.truckNumber,
          make: trucks.make,
          model: trucks.model,
          year: trucks.year,
          originValueCents: trucks.originValueCents
        }).from(trucks).where(and15(eq15(trucks.id, id), scope(user)));
        return t ?? null;
      }
    };
    columnsOf5 = (form) => ({
      truckNumber: form.truck_number,
      make: form.make,
      model: form.model,
      year: form.year,
      vin: form.vin?.toUpperCase() ?? null,
      plate: form.plate?.toUpperCase() ?? null,
      customerId: form.customer_id,
      driverId: form.driver_id,
      trailerId: form.trailer_id,
      eld: form.eld,
      alignmentDate: form.alignment_date,
      annualInspectionDate: form.annual_inspection_date,
      pmMiles: form.pm_miles,
      odometer: form.odometer,
      registrationExpiresOn: form.registration_expires_on,
      companyOwner: form.company_owner,
      status: form.status,
      truckStatus: form.status === "active" ? form.truck_status : null,
      originValueCents: form.origin_value
    });
    assignmentOf = (t) => ({
      customerId: t?.customerId ?? null,
      driverId: t?.driverId ?? null,
      trailerId: t?.trailerId ?? null
    });
  }
});

// src/modules/trucks/index.ts
var init_trucks = __esm({
  "src/modules/trucks/index.ts"() {
    "use strict";
    init_truck_driver();
    init_trucks_mail();
    init_trucks_service();
    init_trucks_table();
  }
});

// src/modules/drivers/drivers.list.ts
import { sql as sql26 } from "drizzle-orm";
var labelled, driverScope, driversList, driversLog;
var init_drivers_list = __esm({
  "src/modules/drivers/drivers.list.ts"() {
    "use strict";
    init_src();
    init_drivers_contract();
    init_define_list();
    init_change_log();
    init_expiry();
    labelled = (expr, labels) => sql26`case ${expr} ${sql26.join(
      Object.entries(labels).map(([value, label]) => sql26`when ${value} then ${label}`),
      sql26` `
    )} else ${expr} end`;
    driverScope = (user) => user.customerId === null ? sql26`drivers.company_id = ${user.companyId}` : sql26`drivers.company_id = ${user.companyId} and drivers.customer_id = ${user.customerId}`;
    driversList = defineList({
      key: "drivers",
      title: "Drivers",
      section: SECTION.Drivers,
      from: sql26`drivers`,
      rowKey: sql26`drivers.id`,
      joins: {
        customer: sql26`left join customers on customers.id = drivers.customer_id`,
        truck: sql26`left join trucks on trucks.id = drivers.truck_id`,
        trailer: sql26`left join trailers on trailers.id = drivers.trailer_id`,
        trailerType: sql26`left join trailer_types on trailer_types.id = drivers.trailer_type_id`
      },
      base: driverScope,
      defaultSort: { sort: "driver", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql26`drivers.id`, filter: "number", footer: "count", align: "left" },
        { id: "driver", title: "Driver", sql: sql26`drivers.name`, filter: "note", search: true, clip: 32 },
        { id: "phone", title: "Phone", sql: sql26`drivers.phone`, filter: "note", search: true },
        { id: "phone2", title: "Phone 2", sql: sql26`drivers.phone2`, filter: "note", search: true },
        {
          id: "driver_type",
          title: "Driver type",
          sql: labelled(sql26`drivers.driver_type`, DRIVER_TYPES),
          filterSql: sql26`drivers.driver_type`,
          filter: "list"
        },
        { id: "safety", title: "Safety", sql: sql26`drivers.safety`, filter: "options", align: "center" },
        {
          id: "service",
          title: "Service",
          sql: labelled(sql26`drivers.service`, DRIVER_SERVICES),
          filterSql: sql26`drivers.service`,
          filter: "list"
        },
        { id: "eld_name", title: "ELD name", sql: sql26`drivers.eld_name`, filter: "note", search: true },
        {
          id: "customer",
          title: "Customer",
          sql: sql26`customers.name`,
          filterSql: sql26`drivers.customer_id`,
          filter: "list",
          footer: "unique",
          joins: ["customer"],
          search: true,
          clip: 28
        },
        {
          id: "truck_number",
          title: "Truck",
          sql: sql26`trucks.truck_number`,
          filter: "note",
          joins: ["truck"],
          search: true
        },
        {
          id: "trailer_number",
          title: "Trailer",
          sql: sql26`trailers.trailer_number`,
          filter: "note",
          joins: ["trailer"],
          search: true
        },
        {
          id: "trailer_type",
          title: "Trailer type",
          sql: sql26`trailer_types.name`,
          filterSql: sql26`drivers.trailer_type_id`,
          filter: "list",
          joins: ["trailerType"]
        },
        {
          id: "amount",
          title: "Amount",
          sql: sql26`drivers.amount_cents`,
          filter: "number",
          dollar: true,
          footer: "sum"
        },
        {
          id: "payment_type",
          title: "Payment type",
          sql: labelled(sql26`drivers.payment_type`, PAYMENT_TYPES2),
          filterSql: sql26`drivers.payment_type`,
          filter: "list"
        },
        ...expiryColumns({ id: "cdl_expires_on", title: "CDL expires", date: sql26`drivers.cdl_expires_on` }),
        ...expiryColumns({
          id: "medical_card_expires_on",
          title: "Medical card expires",
          date: sql26`drivers.medical_card_expires_on`
        }),
        { id: "email", title: "E-mail", sql: sql26`drivers.email`, filter: "note", search: true, hidden: true },
        { id: "cdl_number", title: "CDL number", sql: sql26`drivers.cdl_number`, filter: "note", search: true, hidden: true },
        { id: "active", title: "Active", sql: sql26`drivers.active`, filter: "options", hidden: true, align: "center" }
      ]
    });
    driversLog = defineChangeLog({ key: "drivers-logs", entity: "drivers", section: SECTION.Drivers });
  }
});

// src/modules/trailers/trailers.table.ts
import { bigint as bigint6, date as date5, index as index13, integer as integer16, pgTable as pgTable17, serial as serial16, text as text17, timestamp as timestamp16, uniqueIndex as uniqueIndex8 } from "drizzle-orm/pg-core";
var trailers;
var init_trailers_table = __esm({
  "src/modules/trailers/trailers.table.ts"() {
    "use strict";
    trailers = pgTable17(
      "trailers",
      {
        id: serial16().primaryKey(),
        companyId: integer16().notNull(),
        trailerNumber: text17().notNull(),
        trailerTypeId: integer16(),
        /** 53 ft, 48 ft… */
        size: text17(),
        make: text17(),
        year: integer16(),
        vin: text17(),
        plate: text17(),
        customerId: integer16(),
        alignmentDate: date5(),
        annualInspectionDate: date5(),
        /** Miles (engine hours for reefer units) at which the next PM service is due. */
        pmMiles: integer16(),
        /** The current reading PM is measured against: miles, or engine hours for reefer units. */
        odometer: integer16(),
        registrationExpiresOn: date5(),
        companyOwner: text17(),
        gps: text17(),
        status: text17().notNull().default("active"),
        description: text17(),
        originValueCents: bigint6({ mode: "number" }),
        createdAt: timestamp16({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp16({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [
        uniqueIndex8("trailers_number_uq").on(t.companyId, t.trailerNumber),
        index13("trailers_customer_idx").on(t.customerId)
      ]
    );
  }
});

// src/modules/trailers/trailers.service.ts
import { and as and16, eq as eq16, ne as ne4, sql as sql27 } from "drizzle-orm";
async function rowsOf6(db, query) {
  return (await db.execute(query)).rows;
}
async function findRecord2(db, user, id) {
  const [t] = await db.select().from(trailers).where(and16(eq16(trailers.id, id), scope2(user)));
  if (!t) throw AppError.notFound();
  return t;
}
async function getTrailer(db, user, id) {
  const t = await findRecord2(db, user, id);
  const [names] = await rowsOf6(
    db,
    sql27`select
      (select name from customers where id = ${t.customerId}) as customer,
      (select name from trailer_types where id = ${t.trailerTypeId}) as trailer_type,
      (select reefer from trailer_types where id = ${t.trailerTypeId}) as reefer,
      (select truck_number from trucks where trailer_id = ${t.id} and company_id = ${t.companyId} limit 1) as truck_number`
  );
  return {
    id: t.id,
    trailer_number: t.trailerNumber,
    trailer_type_id: t.trailerTypeId,
    trailer_type: names?.trailer_type ?? null,
    reefer: Boolean(names?.reefer),
    size: t.size,
    make: t.make,
    year: t.year,
    vin: t.vin,
    plate: t.plate,
    customer_id: t.customerId,
    customer: names?.customer ?? null,
    alignment_date: t.alignmentDate,
    annual_inspection_date: t.annualInspectionDate,
    pm_miles: t.pmMiles,
    odometer: t.odometer,
    registration_expires_on: t.registrationExpiresOn,
    company_owner: t.companyOwner,
    gps: t.gps,
    status: t.status,
    origin_value: t.originValueCents === null ? null : t.originValueCents / 100,
    truck_number: names?.truck_number ?? null
  };
}
async function trailerOptions(db, user) {
  const customerScope2 = user.customerId ? sql27` and id = ${user.customerId}` : sql27``;
  const [customers2, trailerTypes2] = await Promise.all([
    selectOptions2(
      db,
      sql27`select id as value, name as label from customers where company_id = ${user.companyId}${customerScope2} order by name`
    ),
    trailerTypeOptions(db, user)
  ]);
  return { customers: customers2, trailer_types: trailerTypes2 };
}
async function trailerInfo(db, user, q) {
  const rows = await rowsOf6(
    db,
    sql27`select tr.id, tr.trailer_number, tt.name as trailer_type, tt.reefer, tr.size, tr.customer_id,
          (select truck_number from trucks where trucks.trailer_id = tr.id limit 1) as truck_number
        from trailers tr left join trailer_types tt on tt.id = tr.trailer_type_id
        where tr.company_id = ${user.companyId}
          ${user.customerId ? sql27`and tr.customer_id = ${user.customerId}` : sql27``}
          ${q.id ? sql27`and tr.id = ${q.id}` : sql27``}
          ${q.customer_id ? sql27`and tr.customer_id = ${q.customer_id}` : sql27``}
          ${q.id ? sql27`` : sql27`and tr.status = 'active'`}
        order by lpad(tr.trailer_number, 12, '0') limit 500`
  );
  const list2 = rows.map((r) => ({ ...r, reefer: Boolean(r.reefer) }));
  if (q.id && !list2.length) throw AppError.notFound();
  return { trailer: q.id ? list2[0] ?? null : null, trailers: list2 };
}
async function checkForm2(db, user, form, id) {
  const { errors, exists } = await unitFormChecks(db, user, form.customer_id);
  if (!await exists("trailer_types", form.trailer_type_id))
    errors.trailer_type_id = ["Choose a trailer type from the list."];
  const [sameNumber] = await db.select({ id: trailers.id }).from(trailers).where(
    and16(
      eq16(trailers.companyId, user.companyId),
      sql27`lower(${trailers.trailerNumber}) = lower(${form.trailer_number})`,
      id ? ne4(trailers.id, id) : void 0
    )
  );
  if (sameNumber) errors.trailer_number = [`Trailer ${form.trailer_number} already exists.`];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}
async function createTrailer(db, user, form) {
  await checkForm2(db, user, form);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(trailers).values({ companyId: user.companyId, ...columnsOf6(form) }).returning();
    if (!created) throw new AppError("internal", "Trailer not created");
    return auditUnitWrite(tx, {
      user,
      kind: trailerKind,
      unitId: created.id,
      action: "create",
      assignment: { before: assignmentOf2(null), after: assignmentOf2(created) },
      read: () => getTrailer(tx, user, created.id)
    });
  });
}
async function updateTrailer(db, user, id, form) {
  const before = await getTrailer(db, user, id);
  const record = await findRecord2(db, user, id);
  await checkForm2(db, user, form, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(trailers).set({ ...columnsOf6(form), updatedAt: /* @__PURE__ */ new Date() }).where(and16(eq16(trailers.id, id), scope2(user))).returning();
    if (!updated) throw AppError.notFound();
    return auditUnitWrite(tx, {
      user,
      kind: trailerKind,
      unitId: id,
      action: "update",
      assignment: { before: assignmentOf2(record), after: assignmentOf2(updated) },
      before,
      read: () => getTrailer(tx, user, id)
    });
  });
}
async function assignTrailer(db, user, body) {
  const current2 = await getTrailer(db, user, body.id);
  const record = await findRecord2(db, user, body.id);
  if (body.customer_id === void 0) return;
  await checkForm2(db, user, { ...current2, customer_id: body.customer_id }, body.id);
  await db.transaction(async (tx) => {
    const [updated] = await tx.update(trailers).set({ customerId: body.customer_id ?? null, updatedAt: /* @__PURE__ */ new Date() }).where(eq16(trailers.id, body.id)).returning();
    if (!updated) throw AppError.notFound();
    await auditAssignmentChange(tx, {
      user,
      kind: trailerKind,
      unitId: body.id,
      assignment: { before: assignmentOf2(record), after: assignmentOf2(updated) },
      fromDate: body.from_date ?? null,
      before: current2,
      read: () => getTrailer(tx, user, body.id)
    });
  });
}
async function deleteTrailer(db, user, id) {
  const before = await getTrailer(db, user, id);
  if (before.truck_number)
    throw AppError.precondition(
      `Trailer ${before.trailer_number} is on truck ${before.truck_number}; unhook it first.`
    );
  await db.transaction(async (tx) => {
    await tx.delete(trailers).where(and16(eq16(trailers.id, id), scope2(user)));
    await deleteUnitParts(tx, { user, kind: trailerKind, unitId: id, before });
  });
}
var scope2, trailerKind, columnsOf6, assignmentOf2;
var init_trailers_service = __esm({
  "src/modules/trailers/trailers.service.ts"() {
    "use strict";
    init_errors2();
    init_general();
    init_units();
    init_units();
    init_trailers_table();
    scope2 = (user) => and16(eq16(trailers.companyId, user.companyId), user.customerId ? eq16(trailers.customerId, user.customerId) : void 0);
    trailerKind = {
      type: "trailer",
      async find(db, user, id) {
        const [t] = await db.select({
          id: trailers.id,
          number: trailers.trailerNumber,
          make: trailers.make,
          model: sql27`${trailers.size}`,
          year: trailers.year,
          originValueCents: trailers.originValueCents
        }).from(trailers).where(and16(eq16(trailers.id, id), scope2(user)));
        return t ?? null;
      }
    };
    columnsOf6 = (form) => ({
      trailerNumber: form.trailer_number.toUpperCase(),
      trailerTypeId: form.trailer_type_id,
      size: form.size,
      make: form.make,
      year: form.year,
      vin: form.vin?.toUpperCase() ?? null,
      plate: form.plate?.toUpperCase() ?? null,
      customerId: form.customer_id,
      alignmentDate: form.alignment_date,
      annualInspectionDate: form.annual_inspection_date,
      pmMiles: form.pm_miles,
      odometer: form.odometer,
      registrationExpiresOn: form.registration_expires_on,
      companyOwner: form.company_owner,
      gps: form.gps,
      status: form.status,
      originValueCents: form.origin_value
    });
    assignmentOf2 = (t) => ({
      customerId: t?.customerId ?? null,
      driverId: null,
      trailerId: null
    });
  }
});

// src/modules/trailers/index.ts
var init_trailers = __esm({
  "src/modules/trailers/index.ts"() {
    "use strict";
    init_trailers_service();
    init_trailers_table();
  }
});

// src/modules/drivers/drivers.table.ts
import { boolean as boolean5, date as date6, index as index14, integer as integer17, pgTable as pgTable18, serial as serial17, text as text18, timestamp as timestamp17 } from "drizzle-orm/pg-core";
var drivers, driverContracts;
var init_drivers_table = __esm({
  "src/modules/drivers/drivers.table.ts"() {
    "use strict";
    drivers = pgTable18(
      "drivers",
      {
        id: serial17().primaryKey(),
        companyId: integer17().notNull(),
        name: text18().notNull(),
        /** Ten digits, no formatting (the web shows +1 (xxx) xxx-xxxx). */
        phone: text18(),
        phone2: text18(),
        email: text18(),
        /** company, owner_operator, lease */
        driverType: text18().notNull().default("company"),
        /** The customer buys our safety service for this driver. */
        safety: boolean5().notNull().default(false),
        /** dispatch, safety, accounting… */
        service: text18(),
        eldName: text18(),
        customerId: integer17(),
        truckId: integer17(),
        trailerId: integer17(),
        trailerTypeId: integer17(),
        /** Pay rate in cents (per mile, per load or a flat amount, by payment_type). */
        amountCents: integer17().notNull().default(0),
        /** per_mile, percent, flat, hourly */
        paymentType: text18().notNull().default("per_mile"),
        cdlNumber: text18(),
        cdlExpiresOn: date6(),
        medicalCardExpiresOn: date6(),
        hiredOn: date6(),
        active: boolean5().notNull().default(true),
        createdAt: timestamp17({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp17({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [
        index14("drivers_company_name_idx").on(t.companyId, t.name),
        index14("drivers_customer_idx").on(t.customerId),
        index14("drivers_truck_idx").on(t.truckId)
      ]
    );
    driverContracts = pgTable18(
      "driver_contracts",
      {
        id: serial17().primaryKey(),
        driverId: integer17().notNull().references(() => drivers.id, { onDelete: "cascade" }),
        /** percent, per_mile, flat */
        contractType: text18().notNull(),
        /** Percent in basis points or cents per mile / per load, by contract_type. */
        rate: integer17().notNull(),
        startsOn: date6().notNull(),
        endsOn: date6(),
        terms: text18(),
        fileId: integer17(),
        createdBy: integer17(),
        createdAt: timestamp17({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index14("driver_contracts_driver_idx").on(t.driverId)]
    );
  }
});

// src/modules/drivers/drivers.service.ts
import { and as and17, asc as asc7, desc as desc3, eq as eq17, inArray as inArray5, isNull as isNull4, or as or2 } from "drizzle-orm";
async function getDriver(db, user, id) {
  const [row] = await db.select(driverSelect).from(drivers).leftJoin(customers, eq17(customers.id, drivers.customerId)).leftJoin(trucks, eq17(trucks.id, drivers.truckId)).leftJoin(trailers, eq17(trailers.id, drivers.trailerId)).leftJoin(trailerTypes, eq17(trailerTypes.id, drivers.trailerTypeId)).where(and17(eq17(drivers.id, id), inScope2(user)));
  if (!row) throw AppError.notFound();
  return toDriver(row);
}
async function assertDriverInScope(db, user, id) {
  const [row] = await db.select({ id: drivers.id }).from(drivers).where(and17(eq17(drivers.id, id), inScope2(user)));
  if (!row) throw AppError.notFound();
}
async function driverOptions(db, user) {
  const own = user.customerId;
  const [customerRows, truckRows, trailerRows, typeRows] = await Promise.all([
    db.select({ value: customers.id, label: customers.name }).from(customers).where(and17(eq17(customers.companyId, user.companyId), own === null ? void 0 : eq17(customers.id, own))).orderBy(asc7(customers.name)),
    db.select({ value: trucks.id, label: trucks.truckNumber }).from(trucks).where(
      and17(
        eq17(trucks.companyId, user.companyId),
        eq17(trucks.status, "active"),
        own === null ? void 0 : eq17(trucks.customerId, own)
      )
    ).orderBy(asc7(trucks.truckNumber)),
    db.select({ value: trailers.id, label: trailers.trailerNumber }).from(trailers).where(
      and17(
        eq17(trailers.companyId, user.companyId),
        eq17(trailers.status, "active"),
        own === null ? void 0 : eq17(trailers.customerId, own)
      )
    ).orderBy(asc7(trailers.trailerNumber)),
    db.select({ value: trailerTypes.id, label: trailerTypes.name }).from(trailerTypes).where(eq17(trailerTypes.companyId, user.companyId)).orderBy(asc7(trailerTypes.name))
  ]);
  return { customers: customerRows, trucks: truckRows, trailers: trailerRows, trailer_types: typeRows };
}
async function checkReferences3(db, user, form, current2) {
  const errors = {};
  const own = user.customerId;
  if (own !== null && form.customer_id !== own) errors.customer_id = ["Choose your own customer."];
  const exists = async (field2, id, query) => {
    if (id === null) return;
    if ((await query()).length === 0) errors[field2] = ["Choose a value from the list."];
  };
  const kept = (field2, id) => current2 !== void 0 && current2[field2] === id;
  await Promise.all([
    exists(
      "customer_id",
      form.customer_id,
      () => db.select({ id: customers.id }).from(customers).where(and17(eq17(customers.id, form.customer_id ?? 0), eq17(customers.companyId, user.companyId)))
    ),
    exists(
      "truck_id",
      form.truck_id,
      () => db.select({ id: trucks.id }).from(trucks).where(
        and17(
          eq17(trucks.id, form.truck_id ?? 0),
          eq17(trucks.companyId, user.companyId),
          kept("truckId", form.truck_id) ? void 0 : eq17(trucks.status, "active")
        )
      )
    ),
    exists(
      "trailer_id",
      form.trailer_id,
      () => db.select({ id: trailers.id }).from(trailers).where(
        and17(
          eq17(trailers.id, form.trailer_id ?? 0),
          eq17(trailers.companyId, user.companyId),
          kept("trailerId", form.trailer_id) ? void 0 : eq17(trailers.status, "active")
        )
      )
    ),
    exists(
      "trailer_type_id",
      form.trailer_type_id,
      () => db.select({ id: trailerTypes.id }).from(trailerTypes).where(and17(eq17(trailerTypes.id, form.trailer_type_id ?? 0), eq17(trailerTypes.companyId, user.companyId)))
    )
  ]);
  if (Object.keys(errors).length) throw AppError.validation(errors);
}
async function createDriver(db, user, form) {
  await checkReferences3(db, user, form);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(drivers).values({ companyId: user.companyId, ...columnsOf7(form) }).returning({ id: drivers.id });
    if (!row) throw new AppError("internal", "Driver not created");
    await writeAudit(tx, {
      actor: actorOf7(user),
      entity: "drivers",
      entityId: row.id,
      action: "create",
      after: audited(form)
    });
    await followDriverTruck(tx, user, { driverId: row.id, before: null, after: form.truck_id });
    return row.id;
  });
  return getDriver(db, user, id);
}
async function updateDriver(db, user, id, form) {
  const before = await getDriver(db, user, id);
  const [current2] = await db.select().from(drivers).where(eq17(drivers.id, id));
  await checkReferences3(db, user, form, current2);
  await db.transaction(async (tx) => {
    const [row] = await tx.update(drivers).set({ ...columnsOf7(form), updatedAt: /* @__PURE__ */ new Date() }).where(and17(eq17(drivers.id, id), inScope2(user))).returning({ id: drivers.id });
    if (!row) throw AppError.notFound();
    await followDriverTruck(tx, user, { driverId: id, before: current2?.truckId ?? null, after: form.truck_id });
    const after = audited(form);
    const previous = Object.fromEntries(Object.keys(after).map((k) => [k, before[k]]));
    if (JSON.stringify(previous) === JSON.stringify(after)) return;
    await writeAudit(tx, {
      actor: actorOf7(user),
      entity: "drivers",
      entityId: id,
      action: "update",
      before: previous,
      after
    });
  });
  return getDriver(db, user, id);
}
async function followTruckDriver(tx, user, change) {
  const moved = async (driverId, before, after) => {
    await tx.update(drivers).set({ ...after, updatedAt: /* @__PURE__ */ new Date() }).where(eq17(drivers.id, driverId));
    await writeAudit(tx, {
      actor: actorOf7(user),
      entity: "drivers",
      entityId: driverId,
      action: "update",
      before,
      after: { truck_id: after.truckId, trailer_id: after.trailerId }
    });
  };
  if (change.before !== null && change.before !== change.after) {
    const [left] = await tx.select({ truckId: drivers.truckId, trailerId: drivers.trailerId }).from(drivers).where(and17(eq17(drivers.id, change.before), eq17(drivers.truckId, change.truckId)));
    if (left)
      await moved(
        change.before,
        { truck_id: left.truckId, trailer_id: left.trailerId },
        { truckId: null, trailerId: null }
      );
  }
  if (change.after !== null) {
    const [taking] = await tx.select({ truckId: drivers.truckId, trailerId: drivers.trailerId }).from(drivers).where(eq17(drivers.id, change.after));
    if (taking && (taking.truckId !== change.truckId || taking.trailerId !== change.trailerId)) {
      await moved(
        change.after,
        { truck_id: taking.truckId, trailer_id: taking.trailerId },
        { truckId: change.truckId, trailerId: change.trailerId }
      );
    }
  }
}
async function deleteDriver(db, user, id) {
  const before = await getDriver(db, user, id);
  const [truck] = await db.select({ number: trucks.truckNumber }).from(trucks).where(and17(eq17(trucks.driverId, id), eq17(trucks.companyId, user.companyId))).limit(1);
  if (truck) throw AppError.precondition(DRIVER_MSG.onTruck(before.driver, truck.number));
  await db.transaction(async (tx) => {
    await tx.delete(drivers).where(and17(eq17(drivers.id, id), inScope2(user)));
    await writeAudit(tx, { actor: actorOf7(user), entity: "drivers", entityId: id, action: "delete", before });
  });
}
async function describeDriver(db, user, id) {
  const d = await getDriver(db, user, id);
  const parts = [
    d.driver,
    d.customer ? `customer ${d.customer}` : null,
    d.truck_number ? `truck ${d.truck_number}` : null,
    d.trailer_number ? `trailer ${d.trailer_number}` : null,
    d.cdl_expires_on ? `CDL expires ${d.cdl_expires_on}` : null,
    d.medical_card_expires_on ? `medical card expires ${d.medical_card_expires_on}` : null
  ];
  return { id, description: parts.filter(Boolean).join(", ") };
}
async function driverFiles(db, user, driverId) {
  return db.select().from(files).where(
    and17(
      eq17(files.entity, DRIVER_FILE_ENTITY),
      eq17(files.entityId, String(driverId)),
      or2(eq17(files.companyId, user.companyId), isNull4(files.companyId))
    )
  ).orderBy(desc3(files.id));
}
async function destroyFiles(db, opts) {
  await assertDriverInScope(db, opts.user, opts.driverId);
  const rows = opts.ids.length ? await db.select().from(files).where(inArray5(files.id, opts.ids)) : [];
  const deleted = await applyDraftedDeletions(db, {
    actor: opts.user,
    table: files,
    entity: "files",
    ids: opts.ids,
    ownerColumn: files.entityId,
    ownerId: opts.driverId,
    refuse: (f) => f.entity !== DRIVER_FILE_ENTITY || f.companyId !== opts.user.companyId ? DRIVER_MSG.foreignFile : f.category?.toLowerCase() === "contract" ? CONTRACT_FILE_KEPT : null
  });
  for (const f of rows) await opts.removeBytes(f.storageKey).catch(() => {
  });
  return deleted;
}
function toContract(c, file) {
  return {
    id: c.id,
    driver_id: c.driverId,
    contract_type: c.contractType,
    rate: toDollars(c.rate),
    starts_on: c.startsOn,
    ends_on: c.endsOn,
    terms: c.terms,
    file_id: c.fileId,
    file: file ? toDriverFile(file) : null,
    created_at: new Date(c.createdAt).toISOString()
  };
}
async function listContracts(db, user, driverId) {
  await assertDriverInScope(db, user, driverId);
  const rows = await db.select().from(driverContracts).where(eq17(driverContracts.driverId, driverId)).orderBy(desc3(driverContracts.startsOn), desc3(driverContracts.id));
  const fileRows = await driverFiles(db, user, driverId);
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  return rows.map((c) => toContract(c, c.fileId === null ? void 0 : byId.get(c.fileId)));
}
async function findContract(db, user, id) {
  const [row] = await db.select({ contract: driverContracts }).from(driverContracts).innerJoin(drivers, eq17(drivers.id, driverContracts.driverId)).where(and17(eq17(driverContracts.id, id), inScope2(user)));
  if (!row) throw AppError.notFound();
  return row.contract;
}
async function getContract(db, user, id) {
  const c = await findContract(db, user, id);
  const file = c.fileId === null ? void 0 : (await driverFiles(db, user, c.driverId)).find((f) => f.id === c.fileId);
  return toContract(c, file);
}
async function checkContractFile(db, user, driverId, fileId) {
  if (fileId === null) return;
  const file = (await driverFiles(db, user, driverId)).find((f) => f.id === fileId);
  if (file?.category?.toLowerCase() !== "contract") throw AppError.invalidField("file_id", DRIVER_MSG.notThisDriver);
}
function checkPeriod(form) {
  if (form.ends_on && form.ends_on < form.starts_on)
    throw AppError.invalidField("ends_on", "The end date is before the start date.");
}
async function createContract(db, user, driverId, form) {
  await assertDriverInScope(db, user, driverId);
  checkPeriod(form);
  await checkContractFile(db, user, driverId, form.file_id);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(driverContracts).values({ driverId, createdBy: user.id, ...contractColumns(form) }).returning();
    if (!row) throw new AppError("internal", "Contract not created");
    await writeAudit(tx, {
      actor: actorOf7(user),
      entity: "driver_contracts",
      entityId: row.id,
      action: "create",
      after: row
    });
    return row.id;
  });
  return getContract(db, user, id);
}
async function updateContract(db, user, id, form) {
  const before = await findContract(db, user, id);
  checkPeriod(form);
  await checkContractFile(db, user, before.driverId, form.file_id);
  await db.transaction(async (tx) => {
    const [after] = await tx.update(driverContracts).set(contractColumns(form)).where(eq17(driverContracts.id, id)).returning();
    await writeAudit(tx, {
      actor: actorOf7(user),
      entity: "driver_contracts",
      entityId: id,
      action: "update",
      before,
      after
    });
  });
  return getContract(db, user, id);
}
async function destroyContracts(db, user, driverId, ids2) {
  await assertDriverInScope(db, user, driverId);
  return applyDraftedDeletions(db, {
    actor: user,
    table: driverContracts,
    entity: "driver_contracts",
    ids: ids2,
    ownerColumn: driverContracts.driverId,
    ownerId: driverId
  });
}
async function driverCard(db, user, id) {
  const driver = await getDriver(db, user, id);
  const [contracts, fileRows, options] = await Promise.all([
    listContracts(db, user, id),
    driverFiles(db, user, id),
    driverOptions(db, user)
  ]);
  return { driver, contracts, files: fileRows.map(toDriverFile), options };
}
async function driverVisible(db, user, entityId) {
  const id = Number(entityId);
  if (!Number.isInteger(id) || id <= 0) return false;
  const [row] = await db.select({ id: drivers.id }).from(drivers).where(and17(eq17(drivers.id, id), inScope2(user)));
  return row !== void 0;
}
var DRIVER_MSG, actorOf7, inScope2, driverSelect, toDriver, columnsOf7, audited, toDriverFile, contractColumns;
var init_drivers_service = __esm({
  "src/modules/drivers/drivers.service.ts"() {
    "use strict";
    init_src();
    init_drivers_contract();
    init_audit();
    init_errors2();
    init_files_routes();
    init_files_table();
    init_drafted_deletions();
    init_customers();
    init_general();
    init_trailers();
    init_trucks();
    init_drivers_table();
    DRIVER_MSG = {
      onTruck: (driver, truck) => `${driver} is the driver of truck ${truck}: assign another driver to the truck first.`,
      notThisDriver: "The file must be a contract file of this driver.",
      foreignFile: "One of the selected records does not belong here."
    };
    actorOf7 = (user) => ({ id: user.id, companyId: user.companyId });
    inScope2 = (user) => and17(
      eq17(drivers.companyId, user.companyId),
      user.customerId === null ? void 0 : eq17(drivers.customerId, user.customerId)
    );
    driverSelect = {
      driver: drivers,
      customer: customers.name,
      truckNumber: trucks.truckNumber,
      trailerNumber: trailers.trailerNumber,
      trailerType: trailerTypes.name
    };
    toDriver = (r) => ({
      id: r.driver.id,
      driver: r.driver.name,
      phone: r.driver.phone,
      phone2: r.driver.phone2,
      email: r.driver.email,
      driver_type: r.driver.driverType,
      safety: r.driver.safety,
      service: r.driver.service,
      eld_name: r.driver.eldName,
      customer_id: r.driver.customerId,
      customer: r.customer,
      truck_id: r.driver.truckId,
      truck_number: r.truckNumber,
      trailer_id: r.driver.trailerId,
      trailer_number: r.trailerNumber,
      trailer_type_id: r.driver.trailerTypeId,
      trailer_type: r.trailerType,
      amount: toDollars(r.driver.amountCents),
      payment_type: r.driver.paymentType,
      cdl_number: r.driver.cdlNumber,
      cdl_expires_on: r.driver.cdlExpiresOn,
      medical_card_expires_on: r.driver.medicalCardExpiresOn,
      hired_on: r.driver.hiredOn,
      active: r.driver.active
    });
    columnsOf7 = (form) => ({
      name: form.driver,
      phone: form.phone,
      phone2: form.phone2,
      email: form.email,
      driverType: form.driver_type,
      safety: form.safety,
      service: form.service,
      eldName: form.eld_name,
      customerId: form.customer_id,
      truckId: form.truck_id,
      trailerId: form.trailer_id,
      trailerTypeId: form.trailer_type_id,
      amountCents: form.amount,
      paymentType: form.payment_type,
      cdlNumber: form.cdl_number,
      cdlExpiresOn: form.cdl_expires_on,
      medicalCardExpiresOn: form.medical_card_expires_on,
      hiredOn: form.hired_on,
      active: form.active
    });
    audited = (form) => ({ ...form, amount: toDollars(form.amount) });
    toDriverFile = (f) => {
      const j = fileJson(f);
      return {
        id: j.id,
        category: j.category,
        name: j.name,
        mime: j.mime,
        size: j.size,
        created_at: j.created_at,
        url: j.url,
        preview_url: j.preview_url
      };
    };
    contractColumns = (form) => ({
      contractType: form.contract_type,
      rate: form.rate,
      startsOn: form.starts_on,
      endsOn: form.ends_on,
      terms: form.terms,
      fileId: form.file_id
    });
  }
});

// src/modules/drivers/drivers.routes.ts
import { z as z32 } from "zod";
var IdParams7, section, need, EDIT, driversRoutes;
var init_drivers_routes = __esm({
  "src/modules/drivers/drivers.routes.ts"() {
    "use strict";
    init_src();
    init_drivers_contract();
    init_guard();
    init_errors2();
    init_file_entities();
    init_registry_routes();
    init_trucks();
    init_drivers_list();
    init_drivers_service();
    IdParams7 = z32.object({ id: z32.coerce.number().int().positive() });
    section = SECTION.Drivers;
    need = (action) => ({ section, ...action ? { action } : {} });
    EDIT = need(ACTION.EDIT);
    driversRoutes = {
      name: "drivers",
      register(app2, { database: { db }, files: files2 }) {
        const tags = ["Drivers"];
        const base = sectionFileAccess(section);
        const scoped3 = (check) => async (...args) => await check(...args) && driverVisible(db, args[0].user, args[1]);
        files2.registerEntity(DRIVER_FILE_ENTITY, {
          view: scoped3(base.view),
          upload: scoped3(base.upload ?? base.view),
          remove: scoped3(base.remove ?? base.view)
        });
        files2.addDeleteRule(DRIVER_FILE_ENTITY, (file) => {
          if (file.category?.toLowerCase() === "contract") throw AppError.precondition(CONTRACT_FILE_KEPT);
        });
        onTruckDriverChange(followTruckDriver);
        registerRegistryListRoutes(app2, db, {
          prefix: "/drivers",
          list: driversList,
          changeLog: driversLog,
          tags,
          postUrls: ["/drivers/list", "/drivers"],
          filters: { request: { limit: 1, with_options: true } }
        });
        app2.get("/drivers/getNew", {
          config: { access: need(ACTION.CREATE) },
          schema: { tags, response: { 200: DriverNewResponseSchema } },
          handler: async (req) => ({ driver: null, options: await driverOptions(db, caller(req).user) })
        });
        app2.post("/drivers/new", {
          config: { access: need(ACTION.CREATE) },
          schema: { tags, body: DriverFormSchema, response: { 200: DriverSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            driver: await createDriver(db, caller(req).user, req.body)
          })
        });
        app2.post("/drivers/update/:id", {
          config: { access: EDIT },
          schema: { tags, params: IdParams7, body: DriverFormSchema, response: { 200: DriverSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            driver: await updateDriver(db, caller(req).user, req.params.id, req.body)
          })
        });
        app2.delete("/drivers/:id", {
          config: { access: need(ACTION.DELETE) },
          schema: { tags, params: IdParams7, response: { 200: z32.object({ message: z32.string() }) } },
          handler: async (req) => {
            await deleteDriver(db, caller(req).user, req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
        app2.get("/drivers/description/:id", {
          config: { access: need() },
          schema: { tags, params: IdParams7, response: { 200: DriverDescriptionResponseSchema } },
          handler: async (req) => describeDriver(db, caller(req).user, req.params.id)
        });
        app2.get("/drivers/showContract/:id", {
          config: { access: need() },
          schema: { tags, params: IdParams7, response: { 200: ContractResponseSchema } },
          handler: async (req) => ({ contract: await getContract(db, caller(req).user, req.params.id) })
        });
        app2.post("/drivers/setContract/:id", {
          config: { access: { anyOf: [need(ACTION.CREATE), EDIT] } },
          schema: { tags, params: IdParams7, body: DriverContractFormSchema, response: { 200: ContractSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            contract: await createContract(db, caller(req).user, req.params.id, req.body)
          })
        });
        app2.post("/drivers/updateContract/:id", {
          config: { access: EDIT },
          schema: { tags, params: IdParams7, body: DriverContractFormSchema, response: { 200: ContractSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            contract: await updateContract(db, caller(req).user, req.params.id, req.body)
          })
        });
        app2.post("/drivers/contract/:id", {
          config: { access: need() },
          schema: { tags, params: IdParams7, body: z32.unknown(), response: { 200: ContractsResponseSchema } },
          handler: async (req) => ({ rows: await listContracts(db, caller(req).user, req.params.id) })
        });
        app2.post("/drivers/destroyFiles", {
          config: { access: { anyOf: [EDIT, need(ACTION.FILE_DELETE)] } },
          schema: { tags, body: DestroyIdsBodySchema, response: { 200: DestroyResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            deleted: await destroyFiles(db, {
              user: caller(req).user,
              driverId: req.body.driver_id,
              ids: req.body.ids,
              removeBytes: (key) => files2.storage.remove(key)
            })
          })
        });
        app2.post("/drivers/destroyContract", {
          config: { access: EDIT },
          schema: { tags, body: DestroyIdsBodySchema, response: { 200: DestroyResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            deleted: await destroyContracts(db, caller(req).user, req.body.driver_id, req.body.ids)
          })
        });
        app2.get("/drivers/:id", {
          config: { access: need() },
          schema: { tags, params: IdParams7, response: { 200: DriverCardResponseSchema } },
          handler: async (req) => {
            const { user, grants } = caller(req);
            const card = await driverCard(db, user, req.params.id);
            const seesFiles = can(grants, { section, action: [ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD, ACTION.VIEW] });
            return seesFiles ? card : { ...card, files: [] };
          }
        });
      }
    };
  }
});

// ../shared/src/modules/employees/employees.contract.ts
import { z as z33 } from "zod";
var EmployeeRowSchema, text19, isoDate3, PhoneInputSchema, InventoryItemSchema, InventoryRowSchema, EmployeeFormSchema, OptionSchema2, EmployeeOptionsSchema, EmployeeDocumentSchema, EmployeeEditResponseSchema, EmployeeSaveResponseSchema, InventoryResponseSchema, InventoryDeleteBodySchema, EmployeeDescriptionResponseSchema;
var init_employees_contract = __esm({
  "../shared/src/modules/employees/employees.contract.ts"() {
    "use strict";
    init_dates();
    EmployeeRowSchema = z33.object({
      employee_id: z33.number().int(),
      name: z33.string(),
      company: z33.string().nullable(),
      department: z33.string().nullable(),
      office: z33.string().nullable(),
      email: z33.string().nullable(),
      phone: z33.string().nullable(),
      phone2: z33.string().nullable(),
      active: z33.boolean()
    });
    text19 = (max, label) => z33.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`);
    isoDate3 = dateSchema({ allowEmpty: true });
    PhoneInputSchema = z33.string().transform((v) => {
      const digits = v.replace(/\D/g, "");
      return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
    }).pipe(z33.string().regex(/^([2-9]\d{9})?$/, "The phone is 10 digits and cannot start with 0 or 1."));
    InventoryItemSchema = z33.object({
      id: z33.number().int().positive().optional(),
      item: z33.string().trim().min(1, "The item name is required.").max(120, "The item may not be greater than 120 characters."),
      serial: text19(80, "serial number"),
      issued_on: isoDate3,
      returned_on: isoDate3,
      notes: text19(500, "note")
    });
    InventoryRowSchema = z33.object({
      id: z33.number().int(),
      item: z33.string(),
      serial: z33.string().nullable(),
      issued_on: z33.string().nullable(),
      returned_on: z33.string().nullable(),
      notes: z33.string().nullable()
    });
    EmployeeFormSchema = z33.object({
      name: z33.string().trim().min(1, "The name is required.").max(160, "The name may not be greater than 160 characters."),
      company: text19(160, "company"),
      department_id: z33.number().int().positive().nullable(),
      office: text19(120, "office"),
      position: text19(120, "position"),
      email: z33.email("Enter a valid e-mail address.").or(z33.literal("")),
      phone: PhoneInputSchema,
      phone2: PhoneInputSchema,
      active: z33.boolean(),
      hired_on: isoDate3,
      /** Items to add (no id) or update (with id); removal is DELETE /employees/:id/inventory. */
      inventory: z33.array(InventoryItemSchema).max(200).default([])
    });
    OptionSchema2 = z33.object({ id: z33.number().int(), name: z33.string() });
    EmployeeOptionsSchema = z33.object({
      departments: z33.array(OptionSchema2),
      companies: z33.array(z33.string()),
      offices: z33.array(z33.string())
    });
    EmployeeDocumentSchema = z33.object({
      id: z33.number().int(),
      name: z33.string(),
      mime: z33.string(),
      size: z33.number().int(),
      created_at: z33.string(),
      url: z33.string(),
      preview_url: z33.string().nullable()
    });
    EmployeeEditResponseSchema = EmployeeOptionsSchema.extend({
      employee: z33.object({
        id: z33.number().int(),
        name: z33.string(),
        company: z33.string(),
        department_id: z33.number().int().nullable(),
        office: z33.string(),
        position: z33.string(),
        email: z33.string(),
        phone: z33.string(),
        phone2: z33.string(),
        active: z33.boolean(),
        hired_on: z33.string()
      }),
      inventory: z33.array(InventoryRowSchema),
      documents: z33.array(EmployeeDocumentSchema)
    });
    EmployeeSaveResponseSchema = z33.object({
      message: z33.string(),
      employee: EmployeeRowSchema,
      inventory: z33.array(InventoryRowSchema)
    });
    InventoryResponseSchema = z33.object({ inventory: z33.array(InventoryRowSchema) });
    InventoryDeleteBodySchema = z33.object({
      ids: z33.array(z33.number().int().positive()).min(1, "Choose at least one item.").max(200)
    });
    EmployeeDescriptionResponseSchema = z33.object({ id: z33.number().int(), description: z33.string() });
  }
});

// src/modules/employees/employees.list.ts
import { sql as sql28 } from "drizzle-orm";
var employeesList, employeesLog;
var init_employees_list = __esm({
  "src/modules/employees/employees.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    init_change_log();
    employeesList = defineList({
      key: "employees",
      title: "Employees",
      section: SECTION.Employees,
      from: sql28`employees`,
      rowKey: sql28`employees.id`,
      joins: { department: sql28`left join departments on departments.id = employees.department_id` },
      base: (user) => sql28`employees.company_id = ${user.companyId}`,
      defaultSort: { sort: "name", order: "asc" },
      columns: [
        { id: "employee_id", title: "ID", sql: sql28`employees.id`, filter: "number", footer: "count" },
        { id: "name", title: "Name", sql: sql28`employees.name`, filter: "note", search: true, clip: 40 },
        { id: "company", title: "Company", sql: sql28`employees.employer`, filter: "list", footer: "unique" },
        {
          id: "department",
          title: "Department",
          sql: sql28`departments.name`,
          filterSql: sql28`employees.department_id`,
          filter: "list",
          joins: ["department"],
          footer: "unique"
        },
        { id: "office", title: "Office", sql: sql28`employees.office`, filter: "list" },
        { id: "position", title: "Position", sql: sql28`employees.position`, filter: "list", hidden: true },
        { id: "email", title: "E-mail", sql: sql28`employees.email`, filter: "note", search: true },
        { id: "phone", title: "Phone", sql: sql28`employees.phone`, filter: "note", search: true },
        { id: "phone2", title: "Phone 2", sql: sql28`employees.phone2`, filter: "note", search: true },
        {
          id: "inventory_count",
          title: "Inventory",
          sql: sql28`(select count(*)::int from employee_inventory i where i.employee_id = employees.id and i.returned_on is null)`,
          filter: "number",
          footer: "sum",
          hidden: true
        },
        {
          id: "hired_on",
          title: "Hired",
          sql: sql28`to_char(employees.hired_on, 'YYYY-MM-DD')`,
          filterSql: sql28`employees.hired_on`,
          sortSql: sql28`employees.hired_on`,
          filter: "date",
          hidden: true
        },
        { id: "active", title: "Active", sql: sql28`employees.active`, filter: "options", align: "center" }
      ]
    });
    employeesLog = defineChangeLog({ key: "employees-logs", entity: "employees", section: SECTION.Employees });
  }
});

// src/modules/employees/employees.table.ts
import { boolean as boolean6, date as date7, index as index15, integer as integer18, pgTable as pgTable19, serial as serial18, text as text20, timestamp as timestamp18 } from "drizzle-orm/pg-core";
var employees, employeeInventory;
var init_employees_table = __esm({
  "src/modules/employees/employees.table.ts"() {
    "use strict";
    employees = pgTable19(
      "employees",
      {
        id: serial18().primaryKey(),
        companyId: integer18().notNull(),
        name: text20().notNull(),
        /** The legal entity the employee works for (the spec's "company" column). */
        employer: text20(),
        departmentId: integer18(),
        office: text20(),
        position: text20(),
        email: text20(),
        phone: text20(),
        phone2: text20(),
        active: boolean6().notNull().default(true),
        hiredOn: date7(),
        userId: integer18(),
        createdAt: timestamp18({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp18({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index15("employees_company_name_idx").on(t.companyId, t.name)]
    );
    employeeInventory = pgTable19(
      "employee_inventory",
      {
        id: serial18().primaryKey(),
        employeeId: integer18().notNull().references(() => employees.id, { onDelete: "cascade" }),
        item: text20().notNull(),
        serial: text20(),
        issuedOn: date7(),
        returnedOn: date7(),
        notes: text20()
      },
      (t) => [index15("employee_inventory_employee_idx").on(t.employeeId)]
    );
  }
});

// src/modules/employees/employees.service.ts
import { and as and18, asc as asc8, eq as eq18, inArray as inArray6, isNotNull as isNotNull2, sql as sql29 } from "drizzle-orm";
async function findEmployee(db, user, id) {
  const [row] = await db.select().from(employees).where(and18(eq18(employees.id, id), eq18(employees.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}
async function toRow2(db, e) {
  const [dept] = e.departmentId ? await db.select({ name: departments.name }).from(departments).where(eq18(departments.id, e.departmentId)) : [];
  return {
    employee_id: e.id,
    name: e.name,
    company: e.employer,
    department: dept?.name ?? null,
    office: e.office,
    email: e.email,
    phone: e.phone,
    phone2: e.phone2,
    active: e.active
  };
}
async function listInventory(db, user, employeeId) {
  await findEmployee(db, user, employeeId);
  const rows = await db.select().from(employeeInventory).where(eq18(employeeInventory.employeeId, employeeId)).orderBy(asc8(employeeInventory.id));
  return rows.map(toInventoryRow);
}
async function employeeOptions(db, user) {
  const distinct = async (column) => {
    const rows = await db.selectDistinct({ v: column }).from(employees).where(and18(eq18(employees.companyId, user.companyId), isNotNull2(column))).orderBy(asc8(column));
    return rows.map((r) => r.v).filter((v) => Boolean(v));
  };
  return {
    departments: await db.select({ id: departments.id, name: departments.name }).from(departments).where(eq18(departments.companyId, user.companyId)).orderBy(asc8(departments.name)),
    companies: await distinct(employees.employer),
    offices: await distinct(employees.office)
  };
}
async function assertDepartment(db, user, id) {
  if (id === null) return;
  const [d] = await db.select({ id: departments.id }).from(departments).where(and18(eq18(departments.id, id), eq18(departments.companyId, user.companyId)));
  if (!d) throw AppError.invalidField("department_id", "The selected department is invalid.");
}
async function employeeForEdit(db, auth, files2, id) {
  const e = await findEmployee(db, auth.user, id);
  const docs = (await files2.list(auth, EMPLOYEE_FILES.entity, String(id))).filter(
    (f) => f.category === EMPLOYEE_FILES.category
  );
  return {
    ...await employeeOptions(db, auth.user),
    employee: {
      id: e.id,
      name: e.name,
      company: e.employer ?? "",
      department_id: e.departmentId,
      office: e.office ?? "",
      position: e.position ?? "",
      email: e.email ?? "",
      phone: e.phone ?? "",
      phone2: e.phone2 ?? "",
      active: e.active,
      hired_on: e.hiredOn ?? ""
    },
    inventory: await listInventory(db, auth.user, id),
    documents: docs.map((f) => ({
      id: f.id,
      name: f.originalName,
      mime: f.mime,
      size: f.size,
      created_at: new Date(f.createdAt).toISOString(),
      url: `/api/files/${f.id}/download`,
      preview_url: `/api/files/${f.id}/preview`
    }))
  };
}
async function saveInventory(tx, actor, employeeId, form) {
  const ids2 = form.inventory.flatMap((i) => i.id ? [i.id] : []);
  const existing = ids2.length ? await tx.select().from(employeeInventory).where(and18(inArray6(employeeInventory.id, ids2), eq18(employeeInventory.employeeId, employeeId))) : [];
  const byId = new Map(existing.map((i) => [i.id, i]));
  for (const [n, item] of form.inventory.entries()) {
    const values2 = {
      item: item.item,
      serial: blank2(item.serial),
      issuedOn: blank2(item.issued_on),
      returnedOn: blank2(item.returned_on),
      notes: blank2(item.notes)
    };
    if (values2.issuedOn && values2.returnedOn && values2.returnedOn < values2.issuedOn) {
      throw AppError.invalidField(`inventory.${n}.returned_on`, "The return date is before the issue date.");
    }
    if (item.id) {
      const before = byId.get(item.id);
      if (!before) throw AppError.invalidField(`inventory.${n}.item`, "This item does not belong to the employee.");
      const changed = Object.keys(values2).some((k) => before[k] !== values2[k]);
      if (!changed) continue;
      await tx.update(employeeInventory).set(values2).where(eq18(employeeInventory.id, item.id));
      await writeAudit(tx, {
        actor,
        entity: "employee_inventory",
        entityId: item.id,
        action: "update",
        before: toInventoryRow(before),
        after: { ...toInventoryRow(before), ...item }
      });
    } else {
      const [created] = await tx.insert(employeeInventory).values({ employeeId, ...values2 }).returning();
      if (!created) throw new AppError("internal", "Inventory item not created");
      await writeAudit(tx, {
        actor,
        entity: "employee_inventory",
        entityId: created.id,
        action: "create",
        after: { employee_id: employeeId, ...toInventoryRow(created) }
      });
    }
  }
}
async function saveEmployee(db, user, form, id) {
  await assertDepartment(db, user, form.department_id);
  const before = id ? await findEmployee(db, user, id) : null;
  const itemsBefore = before ? await listInventory(db, user, before.id) : [];
  return db.transaction(async (tx) => {
    const [saved] = before ? await tx.update(employees).set({ ...columnsOf8(form), updatedAt: /* @__PURE__ */ new Date() }).where(and18(eq18(employees.id, before.id), eq18(employees.companyId, user.companyId))).returning() : await tx.insert(employees).values({ companyId: user.companyId, ...columnsOf8(form) }).returning();
    if (!saved) throw AppError.notFound();
    await saveInventory(tx, user, saved.id, form);
    const inventory = (await tx.select().from(employeeInventory).where(eq18(employeeInventory.employeeId, saved.id)).orderBy(asc8(employeeInventory.id))).map(toInventoryRow);
    await writeAudit(tx, {
      actor: user,
      entity: "employees",
      entityId: saved.id,
      action: before ? "update" : "create",
      before: before ? { ...snapshot(before), inventory: itemsBefore } : null,
      after: { ...snapshot(saved), inventory }
    });
    return { employee: await toRow2(tx, saved), inventory };
  });
}
async function deleteEmployee(db, auth, files2, id) {
  const before = await findEmployee(db, auth.user, id);
  const inventory = await listInventory(db, auth.user, id);
  const docs = await db.select({ id: files.id }).from(files).where(
    and18(
      eq18(files.entity, EMPLOYEE_FILES.entity),
      eq18(files.entityId, String(id)),
      eq18(files.companyId, auth.user.companyId)
    )
  );
  await db.transaction(async (tx) => {
    await tx.delete(employees).where(and18(eq18(employees.id, id), eq18(employees.companyId, auth.user.companyId)));
    await writeAudit(tx, {
      actor: auth.user,
      entity: "employees",
      entityId: id,
      action: "delete",
      before: { ...snapshot(before), inventory }
    });
  });
  for (const doc of docs) await files2.remove(auth, doc.id);
}
async function removeInventory(db, user, employeeId, ids2) {
  await findEmployee(db, user, employeeId);
  const before = await listInventory(db, user, employeeId);
  const removed = await applyDraftedDeletions(db, {
    actor: user,
    table: employeeInventory,
    entity: "employee_inventory",
    ids: ids2,
    ownerColumn: employeeInventory.employeeId,
    ownerId: employeeId
  });
  await writeAudit(db, {
    actor: user,
    entity: "employees",
    entityId: employeeId,
    action: "inventory-remove",
    before: { inventory: before },
    after: { inventory: await listInventory(db, user, employeeId) }
  });
  return removed;
}
async function removeDocument(db, auth, files2, fileId) {
  const [file] = await db.select().from(files).where(eq18(files.id, fileId));
  if (!file || file.entity !== EMPLOYEE_FILES.entity || file.category !== EMPLOYEE_FILES.category)
    throw AppError.notFound();
  await findEmployee(db, auth.user, Number(file.entityId));
  await files2.remove(auth, fileId);
}
async function describeEmployee(db, user, id) {
  const e = await findEmployee(db, user, id);
  const row = await toRow2(db, e);
  const [count] = await db.select({ n: sql29`count(*)::int` }).from(employeeInventory).where(and18(eq18(employeeInventory.employeeId, id), sql29`${employeeInventory.returnedOn} is null`));
  const items = count?.n ?? 0;
  return [
    e.position,
    row.department,
    e.office,
    e.employer,
    `${items} inventory item${items === 1 ? "" : "s"}`,
    e.active ? "active" : "inactive"
  ].filter(Boolean).join(" \xB7 ");
}
var EMPLOYEE_FILES, blank2, toInventoryRow, snapshot, columnsOf8;
var init_employees_service = __esm({
  "src/modules/employees/employees.service.ts"() {
    "use strict";
    init_audit();
    init_auth_table();
    init_errors2();
    init_files_table();
    init_drafted_deletions();
    init_employees_table();
    EMPLOYEE_FILES = { entity: "employees", category: "document" };
    blank2 = (v) => v === "" ? null : v;
    toInventoryRow = (i) => ({
      id: i.id,
      item: i.item,
      serial: i.serial,
      issued_on: i.issuedOn,
      returned_on: i.returnedOn,
      notes: i.notes
    });
    snapshot = (e) => ({
      name: e.name,
      company: e.employer,
      department_id: e.departmentId,
      office: e.office,
      position: e.position,
      email: e.email,
      phone: e.phone,
      phone2: e.phone2,
      active: e.active,
      hired_on: e.hiredOn
    });
    columnsOf8 = (form) => ({
      name: form.name,
      employer: blank2(form.company),
      departmentId: form.department_id,
      office: blank2(form.office),
      position: blank2(form.position),
      email: blank2(form.email.toLowerCase()),
      phone: blank2(form.phone),
      phone2: blank2(form.phone2),
      active: form.active,
      hiredOn: blank2(form.hired_on)
    });
  }
});

// src/modules/employees/employees.routes.ts
import { z as z34 } from "zod";
var IdParams8, can5, employeesRoutes;
var init_employees_routes = __esm({
  "src/modules/employees/employees.routes.ts"() {
    "use strict";
    init_src();
    init_employees_contract();
    init_guard();
    init_registry_routes();
    init_employees_list();
    init_employees_service();
    IdParams8 = z34.object({ id: z34.coerce.number().int().positive() });
    can5 = (action, match) => ({
      section: SECTION.Employees,
      ...action ? { action } : {},
      ...match ? { match } : {}
    });
    employeesRoutes = {
      name: "employees",
      register(app2, { database: { db }, files: files2 }) {
        const tags = ["Employees"];
        const holds = (auth, action) => can(auth.grants, can5(action));
        files2.registerEntity(EMPLOYEE_FILES.entity, {
          view: (auth) => holds(auth, [ACTION.VIEW, ACTION.EDIT, ACTION.DELETE, ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD]),
          upload: (auth) => holds(auth, [ACTION.EDIT, ACTION.FILE_UPLOAD]),
          remove: (auth) => holds(auth, [ACTION.EDIT, ACTION.DELETE, ACTION.FILE_DELETE])
        });
        registerRegistryListRoutes(app2, db, {
          prefix: "/employees",
          list: employeesList,
          changeLog: employeesLog,
          tags,
          filters: { keys: ["filter", "columns"] }
        });
        app2.get("/employees/create", {
          config: { access: can5(ACTION.CREATE) },
          schema: { tags, response: { 200: EmployeeOptionsSchema } },
          handler: (req) => employeeOptions(db, caller(req).user)
        });
        app2.post("/employees", {
          config: { access: can5(ACTION.CREATE) },
          schema: { tags, body: EmployeeFormSchema, response: { 200: EmployeeSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            ...await saveEmployee(db, caller(req).user, req.body)
          })
        });
        app2.get("/employees/:id/edit", {
          config: { access: can5([ACTION.EDIT, ACTION.VIEW]) },
          schema: { tags, params: IdParams8, response: { 200: EmployeeEditResponseSchema } },
          handler: (req) => employeeForEdit(db, caller(req), files2, req.params.id)
        });
        app2.put("/employees/:id", {
          config: { access: can5(ACTION.EDIT) },
          schema: { tags, params: IdParams8, body: EmployeeFormSchema, response: { 200: EmployeeSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            ...await saveEmployee(db, caller(req).user, req.body, req.params.id)
          })
        });
        app2.delete("/employees/:id", {
          config: { access: can5(ACTION.DELETE) },
          schema: { tags, params: IdParams8, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteEmployee(db, caller(req), files2, req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
        app2.get("/employees/:id/inventory", {
          config: { access: can5([ACTION.EDIT, ACTION.VIEW]) },
          schema: { tags, params: IdParams8, response: { 200: InventoryResponseSchema } },
          handler: async (req) => ({
            inventory: await listInventory(db, caller(req).user, req.params.id)
          })
        });
        app2.delete("/employees/:id/inventory", {
          config: { access: can5(ACTION.EDIT) },
          schema: {
            tags,
            params: IdParams8,
            body: InventoryDeleteBodySchema,
            response: { 200: InventoryResponseSchema.extend({ message: z34.string(), removed: z34.number().int() }) }
          },
          handler: async (req) => {
            const { user } = caller(req);
            const removed = await removeInventory(db, user, req.params.id, req.body.ids);
            return {
              message: MSG.itemRemoved,
              removed,
              inventory: await listInventory(db, user, req.params.id)
            };
          }
        });
        app2.delete("/info/documents/:id", {
          config: { access: can5() },
          schema: { tags, params: IdParams8, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await removeDocument(db, caller(req), files2, req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
        app2.get("/employees/description/:id", {
          config: { access: can5() },
          schema: { tags, params: IdParams8, response: { 200: EmployeeDescriptionResponseSchema } },
          handler: async (req) => ({
            id: req.params.id,
            description: await describeEmployee(db, caller(req).user, req.params.id)
          })
        });
      }
    };
  }
});

// src/modules/expiry-digest/expiry-digest.template.ts
function dueLabel(days) {
  if (days < 0) return `Overdue by ${-days} day${days === -1 ? "" : "s"}`;
  if (days === 0) return "Due today";
  return `Due in ${days} day${days === 1 ? "" : "s"}`;
}
function expiryDigestMail(opts) {
  const overdue = opts.items.filter((i) => i.days < 0).length;
  const due = opts.items.length - overdue;
  const summary = `${overdue} overdue and ${due} due within 30 days as of ${opts.today}.`;
  const rows = opts.items.map((i) => ({
    state: dueLabel(i.days),
    kind: i.kind,
    unit: i.detail ? `${i.unit} (${i.detail})` : i.unit,
    date: i.dueOn,
    overdue: i.days < 0
  }));
  const widths = {
    date: 10,
    state: Math.max(6, ...rows.map((r) => r.state.length)),
    kind: Math.max(4, ...rows.map((r) => r.kind.length))
  };
  const text31 = [
    `Hello ${opts.recipient},`,
    "",
    summary,
    "",
    `${pad3("Date", widths.date)}  ${pad3("Status", widths.state)}  ${pad3("What", widths.kind)}  Unit`,
    ...rows.map(
      (r) => `${pad3(r.date, widths.date)}  ${pad3(r.state, widths.state)}  ${pad3(r.kind, widths.kind)}  ${r.unit}`
    ),
    "",
    `Best regards,
${opts.company}`
  ].join("\n");
  const cell = "padding:4px 8px;border:1px solid #ccc;text-align:left";
  const html = [
    `<p>Hello ${escapeHtml2(opts.recipient)},</p>`,
    `<p>${escapeHtml2(summary)}</p>`,
    '<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px">',
    `<thead><tr>${["Date", "Status", "What", "Unit"].map((h) => `<th style="${cell};background:#eee">${h}</th>`).join("")}</tr></thead>`,
    "<tbody>",
    ...rows.map(
      (r) => `<tr${r.overdue ? ' style="color:#b00020"' : ""}>${[r.date, r.state, r.kind, r.unit].map((v) => `<td style="${cell}">${escapeHtml2(v)}</td>`).join("")}</tr>`
    ),
    "</tbody></table>",
    `<p>Best regards,<br>${escapeHtml2(opts.company)}</p>`
  ].join("");
  return {
    subject: `Expiry digest ${opts.today}: ${overdue} overdue, ${due} due within 30 days`,
    text: text31,
    html,
    template: "expiry-digest"
  };
}
var escapeHtml2, pad3;
var init_expiry_digest_template = __esm({
  "src/modules/expiry-digest/expiry-digest.template.ts"() {
    "use strict";
    escapeHtml2 = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
    pad3 = (s, n) => s.length >= n ? s : s + " ".repeat(n - s.length);
  }
});

// src/modules/expiry-digest/expiry-digest.service.ts
import { sql as sql30 } from "drizzle-orm";
async function rowsOf7(db, query) {
  return (await db.execute(query)).rows;
}
async function collectDueItems(db, companyId, today) {
  const horizon = sql30`${today}::date + ${DUE_WINDOW_DAYS}::int`;
  const rows = await rowsOf7(
    db,
    sql30`
      select kind, unit, detail, due_on::text as due_on, (due_on - ${today}::date)::int as days from (
        select 'Driver CDL' as kind, d.name as unit, d.cdl_number as detail, d.cdl_expires_on as due_on
          from drivers d where d.company_id = ${companyId} and d.active
        union all
        select 'Driver medical card', d.name, null, d.medical_card_expires_on
          from drivers d where d.company_id = ${companyId} and d.active
        union all
        select 'Truck annual inspection', 'Truck ' || t.truck_number, null, t.annual_inspection_date
          from trucks t where t.company_id = ${companyId} and t.status = 'active'
        union all
        select 'Truck registration', 'Truck ' || t.truck_number, t.plate, t.registration_expires_on
          from trucks t where t.company_id = ${companyId} and t.status = 'active'
        union all
        select 'Trailer annual inspection', 'Trailer ' || r.trailer_number, null, r.annual_inspection_date
          from trailers r where r.company_id = ${companyId} and r.status = 'active'
        union all
        select 'Trailer registration', 'Trailer ' || r.trailer_number, r.plate, r.registration_expires_on
          from trailers r where r.company_id = ${companyId} and r.status = 'active'
      ) due
      where due_on is not null and due_on <= ${horizon}
      order by due_on, kind, unit`
  );
  return rows.map((r) => ({ kind: r.kind, unit: r.unit, detail: r.detail, dueOn: r.due_on, days: Number(r.days) }));
}
async function safetyRecipients(db, companyId) {
  return rowsOf7(
    db,
    sql30`select distinct u.email, u.name from users u
      join role_permissions rp on rp.role_id = u.permission_role_id
      where u.company_id = ${companyId} and u.active and rp.section_id = ${SECTION.Safety} and rp.action_id = 0
      order by u.email`
  );
}
async function sendExpiryDigest(opts) {
  const items = await collectDueItems(opts.db, opts.companyId, opts.today);
  if (items.length === 0) return { recipients: 0, items: 0, message: EXPIRY_DIGEST_MSG.nothingDue };
  const recipients = await safetyRecipients(opts.db, opts.companyId);
  if (recipients.length === 0) return { recipients: 0, items: items.length, message: EXPIRY_DIGEST_MSG.noRecipients };
  const [company] = await rowsOf7(
    opts.db,
    sql30`select name from companies where id = ${opts.companyId}`
  );
  for (const r of recipients) {
    const mail = expiryDigestMail({
      company: company?.name ?? "Backhaul",
      recipient: r.name,
      today: opts.today,
      items
    });
    await opts.mailer.send({ ...mail, to: r.email, companyId: opts.companyId, createdBy: opts.createdBy ?? null });
  }
  return {
    recipients: recipients.length,
    items: items.length,
    message: EXPIRY_DIGEST_MSG.sent(recipients.length, items.length)
  };
}
async function sendAllDigests(db, mailer, today) {
  const companies2 = await rowsOf7(db, sql30`select id from companies order by id`);
  const results = [];
  for (const c of companies2)
    results.push({ company: c.id, ...await sendExpiryDigest({ db, mailer, companyId: c.id, today }) });
  return results;
}
var EXPIRY_DIGEST_JOB, EXPIRY_DIGEST_MSG;
var init_expiry_digest_service = __esm({
  "src/modules/expiry-digest/expiry-digest.service.ts"() {
    "use strict";
    init_src();
    init_expiry();
    init_expiry_digest_template();
    EXPIRY_DIGEST_JOB = "expiry-digest.daily";
    EXPIRY_DIGEST_MSG = {
      sent: (recipients, items) => `Expiry digest sent to ${recipients} recipient${recipients === 1 ? "" : "s"} (${items} item${items === 1 ? "" : "s"}).`,
      nothingDue: "Nothing falls due in the next 30 days: no digest was sent.",
      noRecipients: "No active user holds the Safety section: no digest was sent."
    };
  }
});

// src/modules/expiry-digest/expiry-digest.routes.ts
import { z as z35 } from "zod";
var SendResponseSchema, expiryDigestRoutes;
var init_expiry_digest_routes = __esm({
  "src/modules/expiry-digest/expiry-digest.routes.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_guard();
    init_expiry_digest_service();
    SendResponseSchema = z35.object({ message: z35.string(), recipients: z35.number().int(), items: z35.number().int() });
    expiryDigestRoutes = {
      name: "expiry-digest",
      register(app2, { database: { db }, mailer, jobs: jobs2 }) {
        jobs2.define(
          EXPIRY_DIGEST_JOB,
          async (ctx) => sendAllDigests(db, mailer, ctx.data.day ?? nowInCompanyTimeZone().date)
        );
        jobs2.scheduleDaily(EXPIRY_DIGEST_JOB, { hour: 6, minute: 0, timeZone: "America/Chicago" });
        app2.post("/expiry-digest/send", {
          config: { access: { section: SECTION.Settings, action: ACTION.EDIT } },
          schema: { tags: ["Expiry digest"], response: { 200: SendResponseSchema } },
          handler: async (req) => {
            const { user } = caller(req);
            return sendExpiryDigest({
              db,
              mailer,
              companyId: user.companyId,
              today: nowInCompanyTimeZone().date,
              createdBy: user.id
            });
          }
        });
      }
    };
  }
});

// ../shared/src/modules/extraction/extraction.contract.ts
import { z as z36 } from "zod";
var ExtractedFieldSchema, STOP_FIELDS, ExtractedStopSchema, ExtractedLoadSchema;
var init_extraction_contract = __esm({
  "../shared/src/modules/extraction/extraction.contract.ts"() {
    "use strict";
    ExtractedFieldSchema = z36.object({
      value: z36.union([z36.string(), z36.number(), z36.null(), z36.array(z36.unknown())]),
      confidence: z36.number().min(0).max(1)
    });
    STOP_FIELDS = ["facility", "address", "city", "state", "zip", "date", "time"];
    ExtractedStopSchema = z36.object({
      /** 1 pickup, 2 delivery (the trips dialog's stop types). */
      type: z36.union([z36.literal(1), z36.literal(2)]),
      facility: z36.string().nullable(),
      address: z36.string().nullable(),
      city: z36.string().nullable(),
      state: z36.string().nullable(),
      zip: z36.string().nullable(),
      /** YYYY-MM-DD */
      date: z36.string().nullable(),
      /** HH:mm, the appointment or the window's start */
      time: z36.string().nullable(),
      /** "08:00-14:00", "FCFS" or "FCFS 08:00-16:00" */
      window: z36.string().nullable(),
      /** "YYYY-MM-DD HH:mm" or "YYYY-MM-DD": the dialog's stop time */
      at: z36.string(),
      confidence: z36.record(z36.enum(STOP_FIELDS), z36.number())
    });
    ExtractedLoadSchema = z36.object({
      broker: z36.object({
        name: z36.string().nullable(),
        mc: z36.string().nullable(),
        phone: z36.string().nullable(),
        email: z36.string().nullable()
      }),
      broker_number: z36.string().nullable(),
      reference_numbers: z36.array(z36.object({ label: z36.string(), value: z36.string() })),
      pickups: z36.array(ExtractedStopSchema),
      deliveries: z36.array(ExtractedStopSchema),
      stops: z36.array(ExtractedStopSchema),
      rate: z36.object({ total: z36.number().nullable(), line_haul: z36.number().nullable() }),
      gross: z36.number().nullable(),
      accessorials: z36.array(z36.object({ name: z36.string(), amount: z36.number() })),
      ai_status: z36.literal("extracted"),
      fields: z36.record(z36.string(), ExtractedFieldSchema)
    });
  }
});

// src/modules/extraction/extraction.rules.ts
function ymd2(y, m, d) {
  const year = Number(y);
  const month = Number(m);
  const day2 = Number(d);
  if (!(year >= 2e3 && year <= 2100 && month >= 1 && month <= 12 && day2 >= 1 && day2 <= 31)) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day2).padStart(2, "0")}`;
}
function findDate(text31) {
  let best = null;
  for (const { re, parse } of DATE_PATTERNS) {
    const m = re.exec(text31);
    const date11 = m ? parse(m) : null;
    if (m && date11 && (!best || m.index < best.index)) best = { index: m.index, date: date11 };
  }
  return best?.date ?? null;
}
function hhmm(h, m, ampm) {
  let hour = Number(h);
  const minute = Number(m ?? 0);
  if (!Number.isInteger(hour) || hour > 24 || minute > 59) return null;
  const p = ampm?.toLowerCase().replace(/\./g, "");
  if (p === "pm" && hour < 12) hour += 12;
  if (p === "am" && hour === 12) hour = 0;
  return `${String(hour % 24).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}
function findTime(raw) {
  let text31 = raw;
  for (const { re } of DATE_PATTERNS) text31 = text31.replace(new RegExp(re.source, "gi"), " ");
  text31 = text31.replace(/\b\d{5}(?:-\d{4})?\b/g, " ");
  const fcfs = FCFS.test(text31);
  const w = WINDOW.exec(text31);
  const real2 = w && (/[:apAP]/.test(w[0]) || /\b\d{4}\s*(?:-|–|to)\s*\d{4}\b/.test(w[0]));
  if (w && real2) {
    const from = hhmm(w[1], w[2], w[3] ?? w[6]);
    const to = hhmm(w[4], w[5], w[6]);
    if (from && to) return { time: from, window: `${fcfs ? "FCFS " : ""}${from}-${to}` };
  }
  const s = SINGLE_TIME.exec(text31);
  const time = s ? s[1] ? hhmm(s[1], s[2], s[3]) : hhmm(s[4], "00", s[5]) : null;
  return { time, window: fcfs ? "FCFS" : null };
}
function findCityStateZip(text31) {
  const out = [];
  for (const m of text31.matchAll(CSZ)) {
    const state = m[2] ?? "";
    const city = (m[1] ?? "").replace(/^(?:at|in|to|from)\s+/i, "").trim();
    if (!STATES.has(state) || !city || /^(?:at|in|to|from)$/i.test(city)) continue;
    out.push({ index: m.index ?? 0, end: (m.index ?? 0) + m[0].length, city, state, zip: m[3] ?? "" });
  }
  return out;
}
function parseStopLines(type, lines, base) {
  const cszLine = lines.findIndex((l) => findCityStateZip(l).length > 0);
  if (cszLine < 0) return null;
  const line = lines[cszLine] ?? "";
  const csz = findCityStateZip(line)[0];
  const before = [...lines.slice(0, cszLine), line.slice(0, csz.index)].flatMap((l) => l.split(/\s*,\s*|\s{3,}/)).map((l) => l.replace(/^(?:name|facility|location|address)\s*:\s*/i, "").trim()).filter((l) => l && !findDate(l));
  const address = before.find((l) => /^\d+\s+\S/.test(l)) ?? null;
  const facility = before.find((l) => l !== address && /[A-Za-z]{2}/.test(l)) ?? null;
  const after = [line.slice(csz.end), ...lines.slice(cszLine + 1)].join("  ");
  const date11 = findDate(after) ?? findDate(lines.join("  "));
  const { time, window } = findTime(after);
  const inferred = base < 0.9 ? base : 0.7;
  return {
    type,
    facility,
    address,
    city: csz.city,
    state: csz.state,
    zip: csz.zip,
    date: date11,
    time,
    window,
    at: date11 ? `${date11}${time ? ` ${time}` : ""}` : "",
    confidence: {
      facility: facility ? inferred : 0,
      address: address ? inferred : 0,
      city: base,
      state: base,
      zip: base,
      date: date11 ? Math.min(base, 0.9) : 0,
      time: time || window ? Math.min(base, 0.85) : 0
    }
  };
}
function stopsFromLabels(doc) {
  const found = [];
  doc.lines.forEach((line, li) => {
    line.cells.forEach((cell, ci) => {
      const m = STOP_LABEL.exec(cell.text);
      if (!m || NOT_A_STOP.test(m[2] ?? "")) return;
      const type = stopType(m[1] ?? "");
      const rest = line.cells.slice(ci + 1);
      const order = line.page * 1e4 + line.y + cell.x / 1e3;
      if (rest.some((c) => findCityStateZip(c.text).length)) {
        const stop2 = parseStopLines(type, [m[2] ?? "", ...rest.map((c) => c.text)].filter(Boolean), 0.95);
        if (stop2) found.push({ stop: stop2, order });
        return;
      }
      const right = line.cells.slice(ci + 1).find((c) => c.x > cell.x2 + 8)?.x ?? Math.min(doc.width, cell.x + doc.width * 0.4);
      const block = columnBlock(doc.lines, li, cell, right);
      const stop = parseStopLines(type, [m[2] ?? "", ...block].filter(Boolean), 0.95);
      if (stop) found.push({ stop, order });
    });
  });
  return found;
}
function columnBlock(lines, from, label, right) {
  const out = [];
  let lastY = label.y;
  for (const line of lines.slice(from + 1)) {
    if (line.page !== label.page) break;
    const cells = line.cells.filter((c) => c.x >= label.x - 8 && c.x < right - 4);
    if (!cells.length) continue;
    if (line.y - lastY > Math.max(20, label.size * 2.4)) break;
    const text31 = cells.map((c) => c.text).join("   ");
    const m = STOP_LABEL.exec(cells[0]?.text ?? "");
    if (m && !NOT_A_STOP.test(m[2] ?? "") || BLOCK_END.test(text31) || out.length >= 8) break;
    out.push(text31);
    lastY = line.y;
  }
  return out;
}
function stopsFromRunningText(text31) {
  const stops = [];
  const all = findCityStateZip(text31);
  let previousEnd = 0;
  all.forEach((csz, i) => {
    const window = text31.slice(Math.max(previousEnd, csz.index - 250), csz.index);
    const words = [...window.matchAll(FLOW_STOP_WORD)];
    const word = words.at(-1);
    previousEnd = csz.end;
    if (!word) return;
    const lead = window.slice((word.index ?? 0) + word[0].length).replace(/^\s*(?:to|at|from)?\s*:?\s*/i, "");
    const next = all[i + 1]?.index ?? text31.length;
    const tail = text31.slice(csz.end, Math.min(next, csz.end + 160));
    const nextWord = tail.search(FLOW_STOP_WORD);
    const stop = parseStopLines(
      stopType(word[1] ?? ""),
      [`${lead}${text31.slice(csz.index, csz.end)}`, nextWord > 0 ? tail.slice(0, nextWord) : tail],
      0.6
    );
    if (stop) stops.push({ ...stop, confidence: { ...stop.confidence, facility: stop.facility ? 0.5 : 0 } });
  });
  return stops;
}
function findBroker2(doc, firstStopY) {
  const header = doc.lines.filter((l) => l.page === 1 && l.y < Math.min(firstStopY, doc.height * 0.3));
  let name = field(null, 0);
  let brokerLine = -1;
  doc.lines.forEach((line, i) => {
    if (name.value) return;
    for (const [ci, cell] of line.cells.entries()) {
      const m = /^(?:broker(?:age)?|broker\s+name|brokered\s+by)\s*:\s*(.*)$/i.exec(cell.text);
      if (!m) continue;
      const value = (m[1] || line.cells[ci + 1]?.text || "").replace(/\s*\bMC\s*#.*$/i, "").trim();
      if (value) {
        name = field(value, 0.95);
        brokerLine = i;
        return;
      }
    }
  });
  const looksLikeRc = doc.lines.some(
    (l) => /rate\s+con|load\s+con|carrier\s+con|\bbroker\b|\bshipper\b|consignee|pick\s*-?\s*up|line\s*haul/i.test(l.text)
  );
  if (!name.value) {
    const candidates2 = header.flatMap((l) => l.cells).filter(
      (c) => /[A-Za-z]{3}/.test(c.text) && !/confirmation|^rate\b|^load\b|^date\b|^page\b|^to\b|carrier|@|\d{3}/i.test(c.text) && c.text.length <= 60
    ).sort((a, b) => b.size - a.size || a.y - b.y);
    const top = candidates2[0];
    if (top) {
      const value = top.text === top.text.toUpperCase() ? titleCase(top.text) : top.text;
      name = field(value, looksLikeRc ? COMPANY.test(top.text) ? 0.7 : 0.5 : 0.3);
    }
  }
  const near = (i) => i === brokerLine || i === brokerLine + 1 || (doc.lines[i]?.y ?? doc.height) < doc.height * 0.2;
  const pick = (re, format) => {
    for (const [i, line] of doc.lines.entries()) {
      if (line.y >= firstStopY && line.page === 1) break;
      if (onCarrierLine(line.text)) continue;
      const m = re.exec(line.text);
      if (m) return field(format(m), near(i) ? 0.9 : 0.7);
    }
    return field(null, 0);
  };
  const mc = pick(/\bMC\s*(?:#|no\.?|number)?\s*:?\s*#?\s*(\d{4,8})\b/i, (m) => m[1] ?? "");
  const phone2 = pick(
    /(?:\(\s*(\d{3})\s*\)|\b(\d{3}))[\s.-]*(\d{3})[\s.-](\d{4})\b/,
    (m) => `${m[1] ?? m[2]}${m[3]}${m[4]}`
  );
  const email2 = pick(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/, (m) => m[0].toLowerCase());
  return { name, mc, phone: phone2, email: email2, looksLikeRc };
}
function findLoadNumber(text31) {
  const strong = /\b(load|order|shipment|tender)\s*(?:#|no\b\.?|num(?:ber)?\b|id\b)\s*:?\s*#?\s*([A-Z0-9][A-Z0-9-]{2,})/i.exec(text31);
  if (strong?.[2]) return field(strong[2], 0.95);
  const weak = /\b(?:confirmation|conf\.?|trip|reference|ref)\s*(?:#|no\b\.?|num(?:ber)?\b)\s*:?\s*([A-Z0-9][A-Z0-9-]{2,})/i.exec(
    text31
  );
  return weak?.[1] ? field(weak[1], 0.6) : field(null, 0);
}
function findReferences(lines) {
  const out = [];
  const re = /\b(pro|p\.?o\.?|bol|b\/l|ref(?:erence)?|customer\s+ref|shipper\s+ref)\s*(?:#|no\.?|number)?\s*:\s*#?\s*([A-Z0-9][A-Z0-9-]*(?:\s[A-Z0-9-]*\d[A-Z0-9-]*)?)/gi;
  const names = {
    pro: "Pro",
    po: "PO",
    bol: "BOL",
    bl: "BOL",
    ref: "Reference",
    reference: "Reference"
  };
  for (const line of lines) {
    if (onCarrierLine(line.text)) continue;
    for (const m of line.text.matchAll(re)) {
      const key = (m[1] ?? "").toLowerCase().replace(/[./]/g, "");
      const label = names[key] ?? titleCase(m[1] ?? "");
      const value = (m[2] ?? "").trim();
      if (value && !out.some((r) => r.label === label && r.value === value)) out.push({ label, value });
    }
  }
  return out;
}
function findCharges(lines) {
  const amountAfter = (text31, label) => {
    const m = new RegExp(`(?:${label.source})[^\\n]{0,30}?${AMOUNT}`, "i").exec(text31);
    return m?.[1] ? money2(m[1]) : null;
  };
  let total = null;
  let rate2 = null;
  let lineHaul = null;
  const accessorials = [];
  for (const { text: text31 } of lines) {
    total ??= amountAfter(
      text31,
      /\btotal(?:\s+(?:carrier\s+)?(?:rate|pay|amount|cost|charges|due))?\s*:?\s*(?=\$|\d|usd)|\ball[- ]in(?:\s+rate)?\b|\bagreed\s+rate\b/
    );
    rate2 ??= amountAfter(text31, /\b(?:carrier\s+|flat\s+)?rate\s*(?::|(?=\s*\$))/);
    lineHaul ??= amountAfter(text31, /\bline\s*-?\s*haul\b|\blinehaul\b|\bbase\s+rate\b/);
    for (const [name, re] of ACCESSORIALS) {
      if (accessorials.some((a) => a.name === name) || /\binclud/i.test(text31)) continue;
      const amount = amountAfter(text31, re);
      if (amount !== null) accessorials.push({ name, amount });
    }
  }
  const extras = accessorials.reduce((s, a) => s + a.amount, 0);
  const summed = lineHaul !== null ? Math.round((lineHaul + extras) * 100) / 100 : null;
  const totalField = total !== null ? field(total, 0.95) : rate2 !== null ? field(rate2, 0.9) : summed !== null ? field(summed, 0.65) : field(null, 0);
  return { total: totalField, lineHaul: field(lineHaul, 0.9), accessorials };
}
function extractFromText(doc) {
  const flow = doc.lines.map((l) => l.text).join("\n");
  let stops = stopsFromLabels(doc).sort((a, b) => a.order - b.order).map((s) => s.stop);
  if (!stops.length) stops = stopsFromRunningText(doc.lines.map((l) => l.text).join(" "));
  const firstStop = doc.lines.find(
    (l) => l.cells.some((c) => STOP_LABEL.test(c.text) && !NOT_A_STOP.test(STOP_LABEL.exec(c.text)?.[2] ?? ""))
  );
  const broker = findBroker2(doc, firstStop?.page === 1 ? firstStop.y : doc.height);
  const loadNumber = findLoadNumber(flow);
  const references = findReferences(doc.lines);
  const charges = findCharges(doc.lines);
  const fields = {
    "broker.name": broker.name,
    "broker.mc": broker.mc,
    "broker.phone": broker.phone,
    "broker.email": broker.email,
    broker_number: loadNumber,
    reference_numbers: field(references, 0.9),
    "rate.total": charges.total,
    "rate.line_haul": charges.lineHaul,
    accessorials: field(charges.accessorials, 0.85)
  };
  const pickups = stops.filter((s) => s.type === 1);
  const deliveries = stops.filter((s) => s.type === 2);
  const stopFields = (list2, key) => list2.forEach((s, i) => {
    for (const f of Object.keys(s.confidence)) {
      fields[`${key}.${i}.${f}`] = field(f === "time" ? s.time ?? s.window : s[f], s.confidence[f] ?? 0);
    }
  });
  stopFields(pickups, "pickups");
  stopFields(deliveries, "deliveries");
  fields.pickups = field(
    pickups.length ? pickups.length : null,
    pickups.length ? Math.max(...pickups.map((s) => s.confidence.city)) : 0
  );
  fields.deliveries = field(
    deliveries.length ? deliveries.length : null,
    deliveries.length ? Math.max(...deliveries.map((s) => s.confidence.city)) : 0
  );
  const str = (f) => typeof f.value === "string" ? f.value : null;
  const total = typeof charges.total.value === "number" ? charges.total.value : null;
  return {
    broker: { name: str(broker.name), mc: str(broker.mc), phone: str(broker.phone), email: str(broker.email) },
    broker_number: str(loadNumber),
    reference_numbers: references,
    pickups,
    deliveries,
    stops,
    rate: { total, line_haul: typeof charges.lineHaul.value === "number" ? charges.lineHaul.value : null },
    gross: total,
    accessorials: charges.accessorials,
    ai_status: "extracted",
    fields
  };
}
var STATES, MONTHS, STOP_LABEL, NOT_A_STOP, BLOCK_END, FLOW_STOP_WORD, CSZ, DATE_PATTERNS, TIME, WINDOW, SINGLE_TIME, FCFS, AMOUNT, ACCESSORIALS, COMPANY, money2, field, stopType, onCarrierLine, titleCase;
var init_extraction_rules = __esm({
  "src/modules/extraction/extraction.rules.ts"() {
    "use strict";
    STATES = new Set(
      "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY".split(
        " "
      )
    );
    MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    STOP_LABEL = /^(?:stop\s*#?\s*\d+\s*[-–:.]?\s*)?(pick\s*-?\s*up|pickup|pu|shipper|origin|load\s+at|consignee|receiver|delivery|deliver\s+to|drop(?:\s*-?\s*off)?|destination)(?:\s*#?\s*\d+)?\b\s*:?\s*(.*)$/i;
    NOT_A_STOP = /^(?:date|time|hours|appt|appointment|instructions|notes?|number|no\.?|#|window|info)\b/i;
    BLOCK_END = /^(?:rate|charges|equipment|weight|commodity|notes?|instructions|total|line\s*haul|payment|carrier|special|terms)\b/i;
    FLOW_STOP_WORD = /\b(pick\s*-?\s*up|pickup|shipper|origin|load(?:ing)?\s+at|consignee|receiver|deliver(?:y|ing)?|drop(?:\s*-?\s*off)?|destination)\b/gi;
    CSZ = /([A-Za-z][A-Za-z.' -]{0,40}?)\s*,?\s+([A-Z]{2})[ ,]+(\d{5})(?:-\d{4})?(?!\d)/g;
    DATE_PATTERNS = [
      { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parse: (m) => ymd2(m[1], m[2], m[3]) },
      {
        re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/,
        parse: (m) => ymd2(m[3]?.length === 2 ? `20${m[3]}` : m[3], m[1], m[2])
      },
      {
        re: /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i,
        parse: (m) => ymd2(m[3], String(MONTHS.indexOf((m[1] ?? "").slice(0, 3).toLowerCase()) + 1), m[2])
      },
      {
        re: /\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+(\d{4})\b/i,
        parse: (m) => ymd2(m[3], String(MONTHS.indexOf((m[2] ?? "").slice(0, 3).toLowerCase()) + 1), m[1])
      }
    ];
    TIME = String.raw`(\d{1,2})(?::?(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?`;
    WINDOW = new RegExp(String.raw`\b${TIME}\s*(?:-|–|to|and|thru)\s*${TIME}(?![\d/])`, "i");
    SINGLE_TIME = /\b(\d{1,2}):(\d{2})\s*(a\.?m\.?|p\.?m\.?)?|\b(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)(?![a-z])/i;
    FCFS = /\bFCFS\b|first[- ]come,?\s+first[- ]serve/i;
    AMOUNT = String.raw`(\$\s*\d[\d,]*(?:\.\d{2})?|\b\d[\d,]*\.\d{2})(?![\d,]|\.\d|\s*\/\s*h|\s*per\b)`;
    ACCESSORIALS = [
      ["Fuel Surcharge", /\bfuel(?:\s*sur-?charge|\s*sc)?\b|\bfsc\b/i],
      ["Detention", /\bdetention\b/i],
      ["Lumper", /\blumper\b/i],
      ["Layover", /\blayover\b/i],
      ["Extra Stop", /\b(?:extra|additional)\s+stops?\b|\bstop[\s-]*offs?\b/i],
      ["TONU", /\btonu\b|truck\s+order(?:ed)?\s+not\s+used/i],
      ["Driver Assist", /\bdriver\s+assist\b/i]
    ];
    COMPANY = /\b(llc|inc|corp|co|company|logistics|freight|brokerage|transport(?:ation)?|group|solutions|shipping|express|carriers?)\b\.?/i;
    money2 = (s) => Math.round(Number(s.replace(/[$,\s]/g, "")) * 100) / 100;
    field = (value, confidence) => ({
      value,
      confidence: value === null || Array.isArray(value) && !value.length ? 0 : confidence
    });
    stopType = (word) => /^(pick|pu|ship|orig|load)/i.test(word) ? 1 : 2;
    onCarrierLine = (text31) => /\bcarrier\s*(?:name)?\s*:/i.test(text31);
    titleCase = (s) => s.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());
  }
});

// src/modules/extraction/pdf-text.ts
import { createRequire } from "node:module";
import { dirname as dirname2, join as join3 } from "node:path";
async function readPdfText(data) {
  const { getDocument } = await loadPdfJs();
  const pdf = await getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl: standardFonts(),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0
  }).promise;
  try {
    const lines = [];
    let width = 612;
    let height = 792;
    for (let p = 1; p <= Math.min(pdf.numPages, MAX_PAGES); p++) {
      const page = await pdf.getPage(p);
      const view2 = page.getViewport({ scale: 1 });
      if (p === 1) ({ width, height } = view2);
      const content = await page.getTextContent();
      const items = content.items.filter((i) => typeof i.str === "string" && i.str.trim() !== "").map((i) => ({
        text: i.str,
        x: i.transform[4] ?? 0,
        y: view2.height - (i.transform[5] ?? 0),
        w: i.width,
        size: Math.abs(i.transform[3] ?? i.height) || i.height || 10
      })).sort((a, b) => a.y - b.y || a.x - b.x);
      const rows = [];
      for (const item of items) {
        const row = rows.find((r) => Math.abs((r[0]?.y ?? 0) - item.y) <= 2.5);
        if (row) row.push(item);
        else rows.push([item]);
      }
      for (const row of rows) {
        row.sort((a, b) => a.x - b.x);
        const cells = [];
        for (const item of row) {
          const last = cells.at(-1);
          if (last && item.x - last.x2 < Math.max(2, item.size * 0.5)) {
            last.text = `${last.text}${item.x - last.x2 > item.size * 0.15 ? " " : ""}${item.text}`.replace(
              /\s+/g,
              " "
            );
            last.x2 = item.x + item.w;
          } else {
            cells.push({ page: p, x: item.x, x2: item.x + item.w, y: item.y, size: item.size, text: item.text.trim() });
          }
        }
        for (const c of cells) c.text = c.text.trim();
        const y = row[0]?.y ?? 0;
        lines.push({ page: p, y, cells, text: cells.map((c) => c.text).join("   ") });
      }
      page.cleanup();
    }
    return { pages: pdf.numPages, width, height, lines };
  } finally {
    await pdf.destroy();
  }
}
var loadPdfJs, standardFonts, MAX_PAGES;
var init_pdf_text = __esm({
  "src/modules/extraction/pdf-text.ts"() {
    "use strict";
    loadPdfJs = () => import("pdfjs-dist/legacy/build/pdf.mjs");
    standardFonts = () => `${join3(dirname2(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
    MAX_PAGES = 10;
  }
});

// src/modules/extraction/extraction.service.ts
async function extractRateConfirmation(pdf) {
  let text31;
  try {
    text31 = await readPdfText(pdf);
  } catch {
    throw AppError.invalidField("file", EXTRACTION_MSG.unreadable);
  }
  return extractFromText(text31);
}
var EXTRACTION_MSG;
var init_extraction_service = __esm({
  "src/modules/extraction/extraction.service.ts"() {
    "use strict";
    init_errors2();
    init_extraction_rules();
    init_pdf_text();
    EXTRACTION_MSG = {
      pdfOnly: "Only pdf files can be read as a rate confirmation.",
      unreadable: "The PDF could not be read."
    };
  }
});

// src/modules/extraction/extraction.routes.ts
var extractionRoutes;
var init_extraction_routes = __esm({
  "src/modules/extraction/extraction.routes.ts"() {
    "use strict";
    init_src();
    init_extraction_contract();
    init_errors2();
    init_file_rules();
    init_read_upload();
    init_extraction_service();
    extractionRoutes = {
      name: "extraction",
      register(app2, { files: files2 }) {
        app2.post("/trips/extract", {
          config: { access: { section: SECTION.Trips, action: ACTION.CREATE_EDIT_TRIP } },
          schema: { tags: ["Trips"], response: { 200: ExtractedLoadSchema } },
          handler: async (req) => {
            const { name, data } = await readUpload(req, { maxBytes: files2.maxBytes });
            const { mime } = checkUpload(name, data, files2.maxBytes);
            if (mime !== "application/pdf") throw AppError.invalidField("file", EXTRACTION_MSG.pdfOnly);
            return extractRateConfirmation(data);
          }
        });
      }
    };
  }
});

// src/modules/factoring/factoring.list.ts
import { sql as sql31 } from "drizzle-orm";
var factoringList;
var init_factoring_list = __esm({
  "src/modules/factoring/factoring.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    factoringList = defineList({
      key: "factoring",
      title: "Factoring companies",
      section: SECTION.FactoringCompanies,
      from: sql31`factoring_companies`,
      rowKey: sql31`factoring_companies.id`,
      base: (user) => sql31`factoring_companies.company_id = ${user.companyId}`,
      defaultSort: { sort: "name", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql31`factoring_companies.id`, filter: "number", footer: "count", align: "left" },
        { id: "name", title: "Name", sql: sql31`factoring_companies.name`, filter: "note", search: true, clip: 40 },
        { id: "phone", title: "Phone", sql: sql31`factoring_companies.phone`, filter: "note", search: true },
        { id: "fax", title: "Fax", sql: sql31`factoring_companies.fax`, filter: "note" },
        { id: "address", title: "Address", sql: sql31`factoring_companies.address`, filter: "note", search: true, clip: 40 },
        { id: "city", title: "City", sql: sql31`factoring_companies.city`, filter: "list", footer: "unique" },
        {
          id: "percent",
          title: "Percent",
          sql: sql31`(factoring_companies.percent_bp::float8 / 100)`,
          filter: "number",
          align: "right",
          exportKind: "number"
        },
        {
          id: "payment_type",
          title: "Payment type",
          sql: sql31`factoring_companies.payment_type`,
          filter: "list",
          hidden: true
        },
        { id: "email", title: "E-mail", sql: sql31`factoring_companies.email`, filter: "note", search: true, hidden: true }
      ]
    });
  }
});

// src/modules/factoring/factoring.routes.ts
import { z as z37 } from "zod";
var IdParams9, can6, factoringRoutes;
var init_factoring_routes = __esm({
  "src/modules/factoring/factoring.routes.ts"() {
    "use strict";
    init_src();
    init_factoring_contract();
    init_guard();
    init_list_routes();
    init_factoring_list();
    init_factoring_service();
    IdParams9 = z37.object({ id: z37.coerce.number().int().positive() });
    can6 = (action) => ({ section: SECTION.FactoringCompanies, ...action ? { action } : {} });
    factoringRoutes = {
      name: "factoring",
      register(app2, { database: { db } }) {
        const tags = ["Factoring"];
        registerListRoute(app2, db, factoringList, { url: "/factoring/list", tags });
        app2.get("/factoring", {
          config: { access: can6() },
          schema: { tags, response: { 200: FactoringStartResponseSchema } },
          handler: async (req) => ({
            payment_type: [...PAYMENT_TYPES],
            total: await countFactoring(db, caller(req).user)
          })
        });
        app2.get("/factoring/:id/edit", {
          config: { access: can6() },
          schema: { tags, params: IdParams9, response: { 200: FactoringEditResponseSchema } },
          handler: async (req) => getFactoring(db, caller(req).user, req.params.id)
        });
        app2.post("/factoring", {
          config: { access: can6(ACTION.CREATE) },
          schema: { tags, body: FactoringFormSchema, response: { 200: FactoringSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            ...await saveFactoring(db, caller(req).user, null, req.body)
          })
        });
        app2.put("/factoring/:id", {
          config: { access: can6(ACTION.EDIT) },
          schema: { tags, params: IdParams9, body: FactoringFormSchema, response: { 200: FactoringSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            ...await saveFactoring(db, caller(req).user, req.params.id, req.body)
          })
        });
        app2.delete("/factoring/:id", {
          config: { access: can6(ACTION.DELETE) },
          schema: { tags, params: IdParams9, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteFactoring(db, caller(req).user, req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
      }
    };
  }
});

// src/modules/general/general.routes.ts
import { z as z38 } from "zod";
function registerItemRoutes(app2, opts) {
  const { prefix, tags, access: access2 } = opts;
  app2.get(`${prefix}/:id/edit`, {
    config: { access: access2() },
    schema: { tags, params: IdParamsSchema, response: { 200: z38.object({ item: opts.row }) } },
    handler: async (req) => ({ item: await opts.get(caller(req).user, req.params.id) })
  });
  app2.post(prefix, {
    config: { access: access2(ACTION.CREATE) },
    schema: { tags, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: opts.messages.created,
      item: await opts.save(caller(req).user, req.body)
    })
  });
  app2.put(`${prefix}/:id`, {
    config: { access: access2(ACTION.EDIT) },
    schema: { tags, params: IdParamsSchema, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: opts.messages.updated,
      item: await opts.save(caller(req).user, req.body, req.params.id)
    })
  });
  app2.delete(`${prefix}/:id`, {
    config: { access: access2(ACTION.DELETE) },
    schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
    handler: async (req) => {
      await opts.remove(caller(req).user, req.params.id);
      return { message: MSG.removalSuccess };
    }
  });
}
var can7, types, generalRoutes;
var init_general_routes = __esm({
  "src/modules/general/general.routes.ts"() {
    "use strict";
    init_src();
    init_general_contract();
    init_units_contract();
    init_guard();
    init_list_routes();
    init_general_list();
    init_general_service();
    can7 = (action) => ({ section: SECTION.General, ...action ? { action } : {} });
    types = (action) => ({
      anyOf: [can7(action), { section: SECTION.TrailerTypes, ...action ? { action } : {} }]
    });
    generalRoutes = {
      name: "general",
      register(app2, { database: { db } }) {
        const tags = ["General"];
        registerListRoute(app2, db, trailerTypesList, { url: "/trailer-types/list", tags, access: types() });
        registerListRoute(app2, db, equipmentNamesList, { url: "/equipment-names/list", tags });
        registerItemRoutes(app2, {
          prefix: "/trailer-types",
          tags,
          access: types,
          row: TrailerTypeRowSchema,
          form: TrailerTypeFormSchema,
          saved: TrailerTypeSaveResponseSchema,
          messages: { created: MSG.savingSuccess, updated: MSG.savingSuccess },
          get: (user, id) => getTrailerType(db, user, id),
          save: (user, form, id) => saveTrailerType(db, user, form, id),
          remove: (user, id) => deleteTrailerType(db, user, id)
        });
        registerItemRoutes(app2, {
          prefix: "/equipment-names",
          tags,
          access: can7,
          row: EquipmentNameRowSchema,
          form: EquipmentNameFormSchema,
          saved: EquipmentNameSaveResponseSchema,
          messages: { created: MSG.createdSelectItem, updated: MSG.editSelectItem },
          get: (user, id) => getEquipmentName(db, user, id),
          save: (user, form, id) => saveEquipmentName(db, user, form, id),
          remove: (user, id) => deleteEquipmentName(db, user, id)
        });
      }
    };
  }
});

// src/modules/accounting-services/accounting-services.table.ts
import { index as index16, integer as integer19, pgTable as pgTable20, primaryKey as primaryKey3, serial as serial19, smallint as smallint4, text as text21 } from "drizzle-orm/pg-core";
var accountingServices, customerServiceRates;
var init_accounting_services_table = __esm({
  "src/modules/accounting-services/accounting-services.table.ts"() {
    "use strict";
    accountingServices = pgTable20("accounting_services", {
      id: serial19().primaryKey(),
      companyId: integer19().notNull(),
      name: text21().notNull().default("Name"),
      status: smallint4().notNull().default(1),
      /** percent_of_gross, per_driver_week, flat_month */
      billingMethod: text21().notNull().default("percent_of_gross"),
      /** Basis points for percent_of_gross, cents otherwise. */
      defaultRate: integer19().notNull().default(0)
    });
    customerServiceRates = pgTable20(
      "customer_service_rates",
      {
        customerId: integer19().notNull(),
        serviceId: integer19().notNull().references(() => accountingServices.id, { onDelete: "cascade" }),
        rate: integer19().notNull()
      },
      (t) => [
        primaryKey3({ columns: [t.customerId, t.serviceId] }),
        index16("customer_service_rates_service_idx").on(t.serviceId)
      ]
    );
  }
});

// src/modules/accounting-services/index.ts
var init_accounting_services = __esm({
  "src/modules/accounting-services/index.ts"() {
    "use strict";
    init_accounting_services_table();
  }
});

// src/modules/invoices/invoices.table.ts
import { sql as sql32 } from "drizzle-orm";
import {
  bigint as bigint7,
  boolean as boolean7,
  date as date8,
  index as index17,
  integer as integer20,
  pgTable as pgTable21,
  serial as serial20,
  text as text22,
  timestamp as timestamp19,
  uniqueIndex as uniqueIndex9
} from "drizzle-orm/pg-core";
var invoices, invoiceLines, invoiceGenerationRuns, invoiceSends;
var init_invoices_table = __esm({
  "src/modules/invoices/invoices.table.ts"() {
    "use strict";
    invoices = pgTable21(
      "invoices",
      {
        id: serial20().primaryKey(),
        companyId: integer20().notNull(),
        customerId: integer20().notNull(),
        serviceId: integer20(),
        periodFrom: date8().notNull(),
        periodTo: date8().notNull(),
        status: text22().notNull().default("Open"),
        /** Made by the invoice generator (not by hand). */
        generated: boolean7().notNull().default(false),
        generatedAt: timestamp19({ withTimezone: true }),
        generationRunId: integer20(),
        totalCents: bigint7({ mode: "number" }).notNull().default(0),
        paidCents: bigint7({ mode: "number" }).notNull().default(0),
        mistakeCents: bigint7({ mode: "number" }).notNull().default(0),
        lossCents: bigint7({ mode: "number" }).notNull().default(0),
        paymentAccount: text22(),
        description: text22(),
        createdBy: integer20(),
        createdAt: timestamp19({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp19({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [
        index17("invoices_company_period_idx").on(t.companyId, t.periodTo.desc(), t.id.desc()),
        index17("invoices_customer_idx").on(t.customerId, t.periodTo.desc())
      ]
    );
    invoiceLines = pgTable21(
      "invoice_lines",
      {
        id: serial20().primaryKey(),
        invoiceId: integer20().notNull().references(() => invoices.id, { onDelete: "cascade" }),
        serviceId: integer20(),
        loadId: integer20(),
        driverId: integer20(),
        /** The week (its Sunday) or month (its first day) a per-driver or flat line bills; null for loads. */
        periodStart: date8(),
        description: text22().notNull(),
        quantity: integer20().notNull().default(1),
        /** Basis points (percent) or cents per unit, by the service's billing method. */
        rate: integer20().notNull().default(0),
        baseCents: bigint7({ mode: "number" }).notNull().default(0),
        amountCents: bigint7({ mode: "number" }).notNull()
      },
      (t) => [
        index17("invoice_lines_invoice_idx").on(t.invoiceId),
        uniqueIndex9("invoice_lines_load_service_uq").on(t.loadId, t.serviceId).where(sql32`${t.loadId} is not null`)
      ]
    );
    invoiceGenerationRuns = pgTable21("invoice_generation_runs", {
      id: serial20().primaryKey(),
      companyId: integer20().notNull(),
      periodFrom: date8().notNull(),
      periodTo: date8().notNull(),
      serviceId: integer20(),
      jobId: text22(),
      status: text22().notNull().default("queued"),
      invoicesCount: integer20().notNull().default(0),
      amountCents: bigint7({ mode: "number" }).notNull().default(0),
      description: text22(),
      createdBy: integer20(),
      createdAt: timestamp19({ withTimezone: true }).notNull().defaultNow(),
      finishedAt: timestamp19({ withTimezone: true })
    });
    invoiceSends = pgTable21(
      "invoice_sends",
      {
        id: serial20().primaryKey(),
        invoiceId: integer20().notNull().references(() => invoices.id, { onDelete: "cascade" }),
        customerId: integer20().notNull(),
        sendTo: text22().notNull(),
        sendBy: integer20(),
        mailMessageId: integer20(),
        sentAt: timestamp19({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index17("invoice_sends_invoice_idx").on(t.invoiceId)]
    );
  }
});

// src/modules/invoices/generator.service.ts
import { and as and19, eq as eq19, sql as sql33 } from "drizzle-orm";
async function rowsOf8(db, query) {
  return (await db.execute(query)).rows;
}
function candidates(s, input, batch) {
  const rate2 = sql33`coalesce(r.rate, ${s.defaultRate})`;
  const customerHas = sql33`c.company_id = ${input.companyId} and c.id = any(${intArray(batch)})
    and lower(${s.name}) = any(c.services)`;
  const rates = sql33`left join customer_service_rates r on r.customer_id = c.id and r.service_id = ${s.id}`;
  const billedPeriod = (period) => sql33`not exists (select 1 from invoice_lines il
    join invoices i on i.id = il.invoice_id
    where i.customer_id = c.id and il.service_id = ${s.id} and il.period_start = ${period})`;
  switch (s.billingMethod) {
    case "percent_of_gross":
      return sql33`select l.customer_id, l.id as load_id, null::date as period_start,
          'Load #' || l.id || coalesce(' · ' || l.broker_number, '') || ' · delivered '
            || to_char(l.delivery_at at time zone ${TZ6}, 'YYYY-MM-DD') as description,
          1 as quantity, ${rate2} as rate, l.gross_cents as base_cents,
          round(l.gross_cents * ${rate2} / 10000.0)::bigint as amount_cents
        from loads l
        join billings b on b.load_id = l.id
        join customers c on c.id = l.customer_id
        ${rates}
        where l.company_id = ${input.companyId} and ${customerHas}
          and l.delivery_at >= (${input.from}::date)::timestamp at time zone ${TZ6}
          and l.delivery_at < ((${input.to}::date + 1)::timestamp at time zone ${TZ6})
          and l.delivery_at <= now()
          and l.gross_cents > 0
          and not exists (select 1 from invoice_lines il where il.load_id = l.id and il.service_id = ${s.id})`;
    case "per_driver_week": {
      const weeks = sql33`(select w::date as week from generate_series(${input.from}::date, ${input.to}::date, interval '1 day') w
        where extract(dow from w) = 0)`;
      return sql33`select c.id as customer_id, null::int as load_id, wk.week as period_start,
          'Week of ' || to_char(wk.week, 'YYYY-MM-DD') || ': ' || count(d.id) || ' active drivers' as description,
          count(d.id)::int as quantity, ${rate2} as rate, 0::bigint as base_cents,
          (count(d.id) * ${rate2})::bigint as amount_cents
        from customers c
        cross join ${weeks} wk
        join drivers d on d.customer_id = c.id and d.company_id = c.company_id and d.active
        ${rates}
        where ${customerHas} and ${billedPeriod(sql33`wk.week`)}
        group by c.id, wk.week, r.rate
        having count(d.id) * ${rate2} > 0`;
    }
    case "flat_month": {
      const months = sql33`(select m::date as month from generate_series(date_trunc('month', ${input.from}::date), ${input.to}::date, interval '1 month') m
        where m::date >= ${input.from}::date)`;
      return sql33`select c.id as customer_id, null::int as load_id, mo.month as period_start,
          ${s.name} || ' · ' || to_char(mo.month, 'FMMonth YYYY') as description,
          1 as quantity, ${rate2} as rate, 0::bigint as base_cents, ${rate2}::bigint as amount_cents
        from customers c
        cross join ${months} mo
        ${rates}
        where ${customerHas} and ${billedPeriod(sql33`mo.month`)} and ${rate2} > 0`;
    }
    default:
      return null;
  }
}
async function billBatch(db, input, services, batch) {
  return db.transaction(async (tx) => {
    await tx.execute(sql33`select pg_advisory_xact_lock(${7121e6 + input.companyId})`);
    const inserted = [];
    for (const s of services) {
      const cand = candidates(s, input, batch);
      if (!cand) continue;
      const rows = await rowsOf8(
        tx,
        sql33`with cand as (${cand}),
        inv as (
          insert into invoices (company_id, customer_id, service_id, period_from, period_to, status, generated,
            generated_at, generation_run_id, description, created_by)
          select ${input.companyId}, x.customer_id, ${s.id}, ${input.from}::date, ${input.to}::date, 'Open', true,
            now(), ${input.runId}, ${input.description ?? null}, ${input.actorId}
          from (select distinct customer_id from cand) x
          returning id, customer_id),
        lines as (
          insert into invoice_lines (invoice_id, service_id, load_id, period_start, description, quantity, rate, base_cents, amount_cents)
          select inv.id, ${s.id}, cand.load_id, cand.period_start, cand.description, cand.quantity, cand.rate,
            cand.base_cents, cand.amount_cents
          from cand join inv on inv.customer_id = cand.customer_id
          on conflict do nothing
          returning invoice_id)
        select id from inv`
      );
      inserted.push(...rows.map((r) => Number(r.id)));
    }
    if (!inserted.length) return { invoices: 0, lines: 0, amount: 0 };
    const mine = sql33`i.id = any(${intArray(inserted)})`;
    await tx.execute(
      sql33`delete from invoices i where ${mine} and not exists (select 1 from invoice_lines il where il.invoice_id = i.id)`
    );
    const made = await rowsOf8(
      tx,
      sql33`update invoices i set total_cents = t.total, updated_at = now()
        from (select il.invoice_id, sum(il.amount_cents)::bigint as total from invoice_lines il
          join invoices i on i.id = il.invoice_id where ${mine} group by il.invoice_id) t
        where i.id = t.invoice_id
        returning i.id, i.customer_id, i.total_cents as total`
    );
    if (!made.length) return { invoices: 0, lines: 0, amount: 0 };
    const [lines] = await rowsOf8(
      tx,
      sql33`with linked as (update loads l set customer_invoice_id = il.invoice_id, updated_at = now()
          from invoice_lines il join invoices i on i.id = il.invoice_id
          where ${mine} and il.load_id = l.id
          returning l.id)
        select (select count(*) from invoice_lines il join invoices i on i.id = il.invoice_id where ${mine})::int as n,
          (select count(*) from linked)::int as linked`
    );
    await tx.execute(sql33`update customers c set balance_cents = c.balance_cents + t.total, updated_at = now()
      from (select i.customer_id, sum(i.total_cents)::bigint as total from invoices i where ${mine} group by i.customer_id) t
      where c.id = t.customer_id`);
    const amount = made.reduce((s, r) => s + Number(r.total), 0);
    await writeAudit(tx, {
      actor: input.actorId ? { id: input.actorId, companyId: input.companyId } : null,
      entity: "invoice_generation_run",
      entityId: input.runId,
      action: "generate",
      after: { invoice_ids: made.map((r) => r.id), amount_cents: amount, customers: batch.length }
    });
    return { invoices: made.length, lines: Number(lines?.n ?? 0), amount };
  });
}
async function generateInvoices(db, input, progress = async () => {
}) {
  const services = await db.select({
    id: accountingServices.id,
    name: accountingServices.name,
    billingMethod: accountingServices.billingMethod,
    defaultRate: accountingServices.defaultRate
  }).from(accountingServices).where(
    and19(
      eq19(accountingServices.companyId, input.companyId),
      eq19(accountingServices.status, 1),
      input.serviceId ? eq19(accountingServices.id, input.serviceId) : void 0
    )
  );
  const names = services.map((s) => s.name.toLowerCase());
  const customerIds = names.length ? (await rowsOf8(
    db,
    sql33`select id from customers where company_id = ${input.companyId}
            and services && ${`{${names.map((n) => `"${n.replace(/["\\]/g, "")}"`).join(",")}}`}::text[]
            ${input.customerIds?.length ? sql33`and id = any(${intArray(input.customerIds)})` : sql33``}
          order by id`
  )).map((r) => Number(r.id)) : [];
  await db.update(invoiceGenerationRuns).set({ status: "running" }).where(eq19(invoiceGenerationRuns.id, input.runId));
  await progress(0, customerIds.length);
  for (let i = 0; i < customerIds.length; i += BATCH) {
    await billBatch(db, input, services, customerIds.slice(i, i + BATCH));
    await progress(Math.min(i + BATCH, customerIds.length), customerIds.length);
  }
  const [totals] = await rowsOf8(
    db,
    sql33`select count(*)::int as invoices, coalesce(sum(i.total_cents), 0)::bigint as amount,
        (select count(*) from invoice_lines il join invoices i on i.id = il.invoice_id
          where i.generation_run_id = ${input.runId})::int as lines
      from invoices i where i.generation_run_id = ${input.runId}`
  );
  const amountCents = Number(totals?.amount ?? 0);
  const result = {
    run_id: input.runId,
    invoices: Number(totals?.invoices ?? 0),
    lines: Number(totals?.lines ?? 0),
    amount: amountCents / 100,
    customers: customerIds.length
  };
  await db.update(invoiceGenerationRuns).set({ status: "completed", invoicesCount: result.invoices, amountCents, finishedAt: /* @__PURE__ */ new Date() }).where(eq19(invoiceGenerationRuns.id, input.runId));
  return result;
}
async function createRun(db, input) {
  const [run] = await db.insert(invoiceGenerationRuns).values({
    companyId: input.companyId,
    periodFrom: input.from,
    periodTo: input.to,
    serviceId: input.serviceId ?? null,
    description: input.description ?? null,
    createdBy: input.actorId
  }).returning();
  if (!run) throw new Error("generation run not created");
  return run;
}
var TZ6, BATCH, intArray;
var init_generator_service = __esm({
  "src/modules/invoices/generator.service.ts"() {
    "use strict";
    init_audit();
    init_accounting_services();
    init_invoices_table();
    TZ6 = "America/Chicago";
    BATCH = 10;
    intArray = (ids2) => sql33`${`{${ids2.map((i) => Math.trunc(i)).join(",")}}`}::int[]`;
  }
});

// src/modules/invoices/invoices.list.ts
import { sql as sql34 } from "drizzle-orm";
function invoicesScope(user, alias = "invoices") {
  const t = sql34.raw(alias);
  const customer = user.customerId ? sql34` and ${t}.customer_id = ${user.customerId}` : sql34``;
  return sql34`${t}.company_id = ${user.companyId}${customer}`;
}
var TZ7, shown4, needPay, JOINS, invoicesList, invoiceSendsList, invoiceGeneratorList;
var init_invoices_list = __esm({
  "src/modules/invoices/invoices.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    TZ7 = "America/Chicago";
    shown4 = (expr) => sql34`to_char(${expr} at time zone ${TZ7}, 'YYYY-MM-DD HH24:MI')`;
    needPay = sql34`(invoices.total_cents - invoices.paid_cents - invoices.mistake_cents - invoices.loss_cents)`;
    JOINS = {
      customer: sql34`left join customers on customers.id = invoices.customer_id`,
      service: sql34`left join accounting_services on accounting_services.id = invoices.service_id`,
      creator: sql34`left join users creator on creator.id = invoices.created_by`
    };
    invoicesList = defineList({
      key: "invoice",
      title: "Customer invoices",
      section: SECTION.CustomerNotPaidInvoices,
      from: sql34`invoices`,
      rowKey: sql34`invoices.id`,
      joins: JOINS,
      base: (user) => invoicesScope(user),
      defaultSort: { sort: "invoice_id", order: "desc" },
      columns: [
        { id: "invoice_id", title: "Invoice", sql: sql34`invoices.id`, filter: "number", footer: "count", align: "left" },
        { id: "status", title: "Status", sql: sql34`invoices.status`, filter: "list" },
        {
          id: "service",
          title: "Service",
          sql: sql34`accounting_services.name`,
          filterSql: sql34`invoices.service_id`,
          filter: "list",
          joins: ["service"]
        },
        {
          id: "customer",
          title: "Customer",
          sql: sql34`customers.name`,
          filterSql: sql34`invoices.customer_id`,
          filter: "list",
          footer: "unique",
          footerSql: sql34`invoices.customer_id`,
          search: true,
          joins: ["customer"],
          clip: 32
        },
        { id: "customer_id", title: "Customer id", sql: sql34`invoices.customer_id`, data: true },
        {
          id: "from",
          title: "From",
          sql: sql34`invoices.period_from`,
          sortSql: sql34`invoices.period_from`,
          filter: "date",
          dateType: "date"
        },
        {
          id: "to",
          title: "To",
          sql: sql34`invoices.period_to`,
          sortSql: sql34`invoices.period_to`,
          filter: "date",
          dateType: "date"
        },
        {
          id: "generated",
          title: "Generated",
          sql: sql34`case when invoices.generated then 'Yes' else 'No' end`,
          filter: "list"
        },
        {
          id: "generated_date",
          title: "Generated date",
          sql: shown4(sql34`invoices.generated_at`),
          filterSql: sql34`invoices.generated_at`,
          sortSql: sql34`invoices.generated_at`,
          filter: "date",
          dateType: "timestamp",
          hidden: true
        },
        {
          id: "total_check",
          title: "Total",
          sql: sql34`invoices.total_cents`,
          filter: "number",
          footer: "sum",
          dollar: true
        },
        { id: "pay_amount", title: "Paid", sql: sql34`invoices.paid_cents`, filter: "number", footer: "sum", dollar: true },
        { id: "need_pay_amount", title: "Need to pay", sql: needPay, filter: "number", footer: "sum", dollar: true },
        {
          id: "balance",
          title: "Customer balance",
          sql: sql34`customers.balance_cents`,
          filter: "number",
          dollar: true,
          joins: ["customer"],
          hidden: true
        },
        {
          id: "mistake",
          title: "Mistake",
          sql: sql34`invoices.mistake_cents`,
          filter: "number",
          footer: "sum",
          dollar: true
        },
        { id: "loss", title: "Loss", sql: sql34`invoices.loss_cents`, filter: "number", footer: "sum", dollar: true },
        {
          id: "payment_account",
          title: "Payment account",
          sql: sql34`invoices.payment_account`,
          filter: "note",
          search: true,
          hidden: true
        },
        {
          id: "invoice_status",
          title: "Payment status",
          sql: sql34`case when ${needPay} <= 0 and invoices.total_cents > 0 then 'Paid'
        when invoices.paid_cents + invoices.mistake_cents + invoices.loss_cents > 0 then 'Partially paid'
        else 'Not paid' end`,
          filter: "list"
        },
        {
          id: "pay",
          title: "Last payment",
          sql: sql34`(select to_char(max(p.paid_on), 'YYYY-MM-DD') from payments p where p.invoice_id = invoices.id)`,
          sortable: false,
          hidden: true
        }
      ]
    });
    invoiceSendsList = defineList({
      key: "invoice-sends",
      title: "Sent invoices",
      section: SECTION.CustomerNotPaidInvoices,
      from: sql34`invoice_sends join invoices on invoices.id = invoice_sends.invoice_id`,
      rowKey: sql34`invoice_sends.id`,
      joins: {
        customer: sql34`left join customers on customers.id = invoice_sends.customer_id`,
        sender: sql34`left join users sender on sender.id = invoice_sends.send_by`
      },
      base: (user) => invoicesScope(user),
      defaultSort: { sort: "sent_date", order: "desc" },
      columns: [
        { id: "send_id", title: "Send id", sql: sql34`invoice_sends.id`, data: true },
        {
          id: "id",
          title: "Invoice",
          sql: sql34`invoice_sends.invoice_id`,
          filter: "number",
          footer: "count",
          align: "left"
        },
        {
          id: "customer",
          title: "Customer",
          sql: sql34`customers.name`,
          filterSql: sql34`invoice_sends.customer_id`,
          filter: "list",
          search: true,
          joins: ["customer"]
        },
        {
          id: "from",
          title: "From",
          sql: sql34`invoices.period_from`,
          filter: "date",
          dateType: "date"
        },
        {
          id: "to",
          title: "To",
          sql: sql34`invoices.period_to`,
          filter: "date",
          dateType: "date"
        },
        { id: "send_to", title: "Sent to", sql: sql34`invoice_sends.send_to`, filter: "note", search: true },
        {
          id: "send_by",
          title: "Sent by",
          sql: sql34`sender.name`,
          filterSql: sql34`invoice_sends.send_by`,
          filter: "list",
          joins: ["sender"]
        },
        {
          id: "sent_date",
          title: "Sent date",
          sql: shown4(sql34`invoice_sends.sent_at`),
          filterSql: sql34`invoice_sends.sent_at`,
          sortSql: sql34`invoice_sends.sent_at`,
          filter: "date",
          dateType: "timestamp"
        }
      ]
    });
    invoiceGeneratorList = defineList({
      key: "generate-invoice",
      title: "Invoice generator",
      section: SECTION.InvoiceGenerator,
      from: sql34`invoices`,
      rowKey: sql34`invoices.id`,
      joins: JOINS,
      base: (user) => sql34`${invoicesScope(user)} and invoices.generated`,
      defaultSort: { sort: "invoice_id", order: "desc" },
      columns: [
        { id: "invoice_id", title: "Invoice id", sql: sql34`invoices.id`, filter: "number", footer: "count", align: "left" },
        {
          id: "customer_name",
          title: "Customer name",
          sql: sql34`customers.name`,
          filterSql: sql34`invoices.customer_id`,
          filter: "list",
          search: true,
          joins: ["customer"]
        },
        {
          id: "created_date",
          title: "Created date",
          sql: shown4(sql34`invoices.created_at`),
          filterSql: sql34`invoices.created_at`,
          sortSql: sql34`invoices.created_at`,
          filter: "date",
          dateType: "timestamp"
        },
        {
          id: "created_by",
          title: "Created by",
          sql: sql34`creator.name`,
          filterSql: sql34`invoices.created_by`,
          filter: "list",
          joins: ["creator"]
        },
        {
          id: "from",
          title: "Invoice date from",
          sql: sql34`invoices.period_from`,
          filter: "date",
          dateType: "date"
        },
        {
          id: "to",
          title: "Invoice date to",
          sql: sql34`invoices.period_to`,
          filter: "date",
          dateType: "date"
        },
        {
          id: "service",
          title: "Service",
          sql: sql34`accounting_services.name`,
          filterSql: sql34`invoices.service_id`,
          filter: "list",
          joins: ["service"]
        },
        { id: "amount", title: "Amount", sql: sql34`invoices.total_cents`, filter: "number", footer: "sum", dollar: true },
        { id: "description", title: "Description", sql: sql34`invoices.description`, filter: "note", clip: 40 }
      ]
    });
  }
});

// src/platform/lazy.ts
import { createRequire as createRequire2 } from "node:module";
function lazyRequire(name) {
  let loaded;
  return () => {
    loaded ??= nodeRequire(name);
    return loaded;
  };
}
var nodeRequire;
var init_lazy = __esm({
  "src/platform/lazy.ts"() {
    "use strict";
    nodeRequire = createRequire2(import.meta.url);
  }
});

// src/platform/pdf/pdf.document.ts
function formatCell(kind, v) {
  if (v === null || v === void 0) return "";
  if (kind === "money") return formatMoney(v);
  if (kind === "miles") return formatMiles(v);
  if (kind === "number") return formatNumber(v);
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
}
function createPdf(opts) {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: opts.title, Author: opts.company.name }
  });
  const chunks = [];
  doc.on("data", (c) => chunks.push(c));
  const done = new Promise((resolve3, reject) => {
    doc.on("end", () => resolve3(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = () => doc.page.width - MARGIN * 2;
  function header() {
    const { x, y } = { x: doc.x, y: doc.y };
    let left = MARGIN;
    if (opts.company.logo) {
      try {
        doc.image(opts.company.logo, MARGIN, MARGIN, { fit: [60, 50] });
        left += 70;
      } catch {
      }
    }
    doc.font(BOLD).fontSize(14).text(opts.company.name, left, MARGIN, { width: 260, lineBreak: false });
    doc.font(FONT).fontSize(8);
    (opts.company.lines ?? []).slice(0, 4).forEach((line, i) => {
      doc.text(line, left, MARGIN + 18 + i * 10, { width: 260, lineBreak: false });
    });
    doc.font(BOLD).fontSize(12).text(opts.title, MARGIN, MARGIN, { width: width(), align: "right", lineBreak: false });
    if (opts.subtitle) {
      doc.font(FONT).fontSize(9).text(opts.subtitle, MARGIN, MARGIN + 16, { width: width(), align: "right", lineBreak: false });
    }
    doc.moveTo(MARGIN, MARGIN + HEADER_HEIGHT - 12).lineTo(doc.page.width - MARGIN, MARGIN + HEADER_HEIGHT - 12).strokeColor("#999999").stroke();
    doc.font(FONT).fontSize(10).fillColor("black");
    doc.x = x;
    doc.y = y;
  }
  doc.on("pageAdded", header);
  header();
  function tableRow(cols, widths, cells, bold) {
    doc.font(bold ? BOLD : FONT).fontSize(9);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: (widths[i] ?? 0) - ROW_PAD * 2 }));
    const h = Math.max(...heights, 10) + ROW_PAD * 2;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) return false;
    let x = MARGIN;
    const y = doc.y;
    cells.forEach((c, i) => {
      const w = widths[i] ?? 0;
      const kind = cols[i]?.kind;
      const align = kind === "money" || kind === "miles" || kind === "number" ? "right" : "left";
      doc.text(c, x + ROW_PAD, y + ROW_PAD, { width: w - ROW_PAD * 2, align });
      x += w;
    });
    doc.y = y + h;
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width(), doc.y).strokeColor(bold ? "#333333" : "#dddddd").stroke();
    return true;
  }
  return {
    doc,
    heading(text31) {
      doc.moveDown(0.5).font(BOLD).fontSize(12).text(text31, MARGIN).moveDown(0.3).font(FONT).fontSize(10);
      return this;
    },
    paragraph(text31) {
      doc.font(FONT).fontSize(10).text(text31, MARGIN, void 0, { width: width() }).moveDown(0.5);
      return this;
    },
    keyValues(pairs) {
      for (const [k, v] of pairs) {
        doc.font(BOLD).fontSize(10).text(`${k}: `, MARGIN, void 0, { continued: true }).font(FONT).text(v);
      }
      doc.moveDown(0.5);
      return this;
    },
    table(t) {
      const total = t.columns.reduce((s, c) => s + (c.width ?? 1), 0);
      const widths = t.columns.map((c) => width() * (c.width ?? 1) / total);
      const head = t.columns.map((c) => c.title);
      const put = (cells, bold) => {
        if (tableRow(t.columns, widths, cells, bold)) return;
        doc.addPage();
        tableRow(t.columns, widths, head, true);
        tableRow(t.columns, widths, cells, bold);
      };
      doc.x = MARGIN;
      put(head, true);
      for (const row of t.rows)
        put(
          t.columns.map((c) => formatCell(c.kind, row[c.id])),
          false
        );
      if (t.totals) {
        const totals = t.totals;
        put(
          t.columns.map(
            (c, i) => totals[c.id] !== void 0 ? formatCell(c.kind, totals[c.id]) : i === 0 ? "Total" : ""
          ),
          true
        );
      }
      doc.moveDown(0.5);
      return this;
    },
    /** Stamps "Page n of m" on every page and answers the bytes. */
    async toBuffer() {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc.font(FONT).fontSize(8).fillColor("#555555").text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN, {
          width: width(),
          align: "center",
          lineBreak: false
        });
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return done;
    }
  };
}
var loadPdfKit, MARGIN, HEADER_HEIGHT, ROW_PAD, FONT, BOLD;
var init_pdf_document = __esm({
  "src/platform/pdf/pdf.document.ts"() {
    "use strict";
    init_formats();
    init_lazy();
    loadPdfKit = lazyRequire("pdfkit");
    MARGIN = 40;
    HEADER_HEIGHT = 70;
    ROW_PAD = 4;
    FONT = "Helvetica";
    BOLD = "Helvetica-Bold";
  }
});

// src/modules/invoices/invoices.mail.ts
var invoiceMail;
var init_invoices_mail = __esm({
  "src/modules/invoices/invoices.mail.ts"() {
    "use strict";
    init_formats();
    init_templates();
    invoiceMail = defineMailTemplate(
      "invoice",
      (opts) => ({
        subject: `Invoice ${opts.invoiceNumber} from ${opts.company}`,
        greeting: hello(opts.customer),
        blocks: [
          `Please find attached invoice ${opts.invoiceNumber} for ${formatMoney(opts.amount)}${opts.dueDate ? `, due ${opts.dueDate}` : ""}.`,
          "Thank you for your business."
        ],
        signature: signed(opts.company)
      })
    );
  }
});

// src/modules/invoices/invoices.service.ts
import { and as and20, eq as eq20, inArray as inArray7, sql as sql35 } from "drizzle-orm";
async function lockInvoice(tx, companyId, invoiceId) {
  const [row] = await tx.select().from(invoices).where(and20(eq20(invoices.id, invoiceId), eq20(invoices.companyId, companyId))).for("update");
  if (!row) throw AppError.notFound();
  return row;
}
async function applyInvoiceAmounts(tx, invoiceId, deltas) {
  const total = deltas.totalDelta ?? 0;
  const paid = deltas.paidDelta ?? 0;
  const mistake = deltas.mistakeDelta ?? 0;
  const loss = deltas.lossDelta ?? 0;
  const needPay2 = sql35`(${invoices.totalCents} + ${total}) - (${invoices.paidCents} + ${paid}) - (${invoices.mistakeCents} + ${mistake}) - (${invoices.lossCents} + ${loss})`;
  const [row] = await tx.update(invoices).set({
    totalCents: sql35`${invoices.totalCents} + ${total}`,
    paidCents: sql35`${invoices.paidCents} + ${paid}`,
    mistakeCents: sql35`${invoices.mistakeCents} + ${mistake}`,
    lossCents: sql35`${invoices.lossCents} + ${loss}`,
    status: sql35`case
        when ${needPay2} <= 0 and (${invoices.totalCents} + ${total}) > 0 then 'Paid'
        when ${invoices.status} = 'Paid' and ${needPay2} > 0 then 'Open'
        else ${invoices.status} end`,
    updatedAt: /* @__PURE__ */ new Date()
  }).where(eq20(invoices.id, invoiceId)).returning();
  if (!row) throw AppError.notFound();
  const balanceDelta = total - paid - mistake - loss;
  if (balanceDelta !== 0) {
    await tx.update(customers).set({ balanceCents: sql35`${customers.balanceCents} + ${balanceDelta}` }).where(eq20(customers.id, row.customerId));
  }
  return row;
}
async function rowsOf9(db, query) {
  return (await db.execute(query)).rows;
}
async function findInvoice(db, user, id) {
  const [row] = await db.select().from(invoices).where(
    and20(
      eq20(invoices.id, id),
      eq20(invoices.companyId, user.companyId),
      user.customerId ? eq20(invoices.customerId, user.customerId) : void 0
    )
  );
  if (!row) throw AppError.notFound();
  return row;
}
async function getInvoice(db, user, id) {
  const inv2 = await findInvoice(db, user, id);
  const [head] = await rowsOf9(
    db,
    sql35`select c.name as customer, c.email, s.name as service, s.billing_method as method
      from invoices i left join customers c on c.id = i.customer_id left join accounting_services s on s.id = i.service_id
      where i.id = ${id}`
  );
  const lines = await db.select().from(invoiceLines).where(eq20(invoiceLines.invoiceId, id)).orderBy(invoiceLines.id);
  const percent = head?.method === "percent_of_gross";
  return {
    invoice_id: inv2.id,
    status: inv2.status,
    customer_id: inv2.customerId,
    customer: head?.customer ?? null,
    customer_email: head?.email ?? null,
    service_id: inv2.serviceId,
    service: head?.service ?? null,
    from: inv2.periodFrom,
    to: inv2.periodTo,
    generated: inv2.generated,
    description: inv2.description,
    payment_account: inv2.paymentAccount,
    total_check: toDollars(inv2.totalCents),
    pay_amount: toDollars(inv2.paidCents),
    need_pay_amount: toDollars(inv2.totalCents - inv2.paidCents - inv2.mistakeCents - inv2.lossCents),
    mistake: toDollars(inv2.mistakeCents),
    loss: toDollars(inv2.lossCents),
    lines: lines.map((l) => ({
      id: l.id,
      load_id: l.loadId,
      description: l.description,
      quantity: l.quantity,
      // Percent lines carry basis points (500 = 5 %); the others cents per unit.
      rate: percent && l.loadId ? l.rate / 100 : toDollars(l.rate),
      base: toDollars(l.baseCents),
      amount: toDollars(l.amountCents)
    }))
  };
}
async function saveLines(tx, inv2, lines) {
  const existing = await tx.select().from(invoiceLines).where(eq20(invoiceLines.invoiceId, inv2.id));
  const byId = new Map(existing.map((l) => [l.id, l]));
  const errors = {};
  lines.forEach((l, i) => {
    if (l.id !== void 0 && !byId.has(l.id)) errors[`lines.${i}.id`] = ["This line is not on the invoice."];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const kept = new Set(lines.map((l) => l.id).filter((id) => id !== void 0));
  const removed = existing.filter((l) => !kept.has(l.id));
  if (removed.length) {
    await tx.delete(invoiceLines).where(
      inArray7(
        invoiceLines.id,
        removed.map((l) => l.id)
      )
    );
    const loadIds = removed.map((l) => l.loadId).filter((id) => id !== null);
    if (loadIds.length)
      await tx.update(loads).set({ customerInvoiceId: null, updatedAt: /* @__PURE__ */ new Date() }).where(and20(inArray7(loads.id, loadIds), eq20(loads.customerInvoiceId, inv2.id)));
  }
  for (const l of lines) {
    const amountCents = l.amount;
    const before = l.id !== void 0 ? byId.get(l.id) : void 0;
    if (before) {
      await tx.update(invoiceLines).set({
        description: l.description,
        quantity: l.quantity,
        amountCents,
        rate: before.loadId ? before.rate : Math.round(amountCents / l.quantity)
      }).where(eq20(invoiceLines.id, before.id));
    } else {
      await tx.insert(invoiceLines).values({
        invoiceId: inv2.id,
        serviceId: inv2.serviceId,
        description: l.description,
        quantity: l.quantity,
        rate: Math.round(amountCents / l.quantity),
        amountCents
      });
    }
  }
}
async function linesTotal(tx, invoiceId) {
  const [row] = await rowsOf9(
    tx,
    sql35`select coalesce(sum(amount_cents), 0)::bigint as total from invoice_lines where invoice_id = ${invoiceId}`
  );
  return Number(row?.total ?? 0);
}
async function updateInvoice(db, user, id, body) {
  await db.transaction(async (tx) => {
    const inv2 = await lockInvoice(tx, user.companyId, id);
    if (user.customerId && inv2.customerId !== user.customerId) throw AppError.notFound();
    if (inv2.status !== INVOICE_STATUS.Open) throw AppError.precondition(INVOICE_MSG.notOpen);
    if (body.lines) await saveLines(tx, inv2, body.lines);
    const total = await linesTotal(tx, id);
    await tx.update(invoices).set({
      ...body.description !== void 0 ? { description: body.description || null } : {},
      ...body.payment_account !== void 0 ? { paymentAccount: body.payment_account || null } : {},
      updatedAt: /* @__PURE__ */ new Date()
    }).where(eq20(invoices.id, id));
    const after = await applyInvoiceAmounts(tx, id, { totalDelta: total - inv2.totalCents });
    await writeAudit(tx, {
      actor: actorOf8(user),
      entity: "invoice",
      entityId: id,
      action: "update",
      before: inv2,
      after
    });
  });
  return getInvoice(db, user, id);
}
async function createInvoice(db, user, body) {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(and20(eq20(customers.id, body.customer_id), eq20(customers.companyId, user.companyId)));
  if (!customer) throw AppError.invalidField("customer_id", "Choose a customer.");
  if (body.service_id) {
    const [service] = await db.select({ id: accountingServices.id }).from(accountingServices).where(and20(eq20(accountingServices.id, body.service_id), eq20(accountingServices.companyId, user.companyId)));
    if (!service) throw AppError.invalidField("service_id", "Choose a service.");
  }
  const id = await db.transaction(async (tx) => {
    const [inv2] = await tx.insert(invoices).values({
      companyId: user.companyId,
      customerId: body.customer_id,
      serviceId: body.service_id ?? null,
      periodFrom: body.from,
      periodTo: body.to,
      description: body.description || null,
      paymentAccount: body.payment_account || null,
      createdBy: user.id
    }).returning();
    if (!inv2) throw new AppError("internal", "invoice not created");
    await saveLines(
      tx,
      inv2,
      body.lines.map(({ id: _id, ...l }) => l)
    );
    const after = await applyInvoiceAmounts(tx, inv2.id, { totalDelta: await linesTotal(tx, inv2.id) });
    await writeAudit(tx, { actor: actorOf8(user), entity: "invoice", entityId: inv2.id, action: "create", after });
    return inv2.id;
  });
  return getInvoice(db, user, id);
}
async function openInvoice(db, user, id) {
  await db.transaction(async (tx) => {
    const inv2 = await lockInvoice(tx, user.companyId, id);
    if (inv2.status === INVOICE_STATUS.Open) throw AppError.precondition(INVOICE_MSG.alreadyOpen);
    await tx.update(invoices).set({ status: INVOICE_STATUS.Open, updatedAt: /* @__PURE__ */ new Date() }).where(eq20(invoices.id, id));
    await writeAudit(tx, {
      actor: actorOf8(user),
      entity: "invoice",
      entityId: id,
      action: "open",
      before: { status: inv2.status },
      after: { status: INVOICE_STATUS.Open }
    });
  });
  return getInvoice(db, user, id);
}
async function deleteInvoice(db, user, id) {
  await db.transaction(async (tx) => {
    const inv2 = await lockInvoice(tx, user.companyId, id);
    if (inv2.paidCents + inv2.mistakeCents + inv2.lossCents !== 0)
      throw AppError.precondition("Delete the payments of this invoice first.");
    await applyInvoiceAmounts(tx, id, { totalDelta: -inv2.totalCents });
    await tx.update(loads).set({ customerInvoiceId: null, updatedAt: /* @__PURE__ */ new Date() }).where(and20(eq20(loads.customerInvoiceId, id), eq20(loads.companyId, user.companyId)));
    await tx.delete(invoices).where(eq20(invoices.id, id));
    await writeAudit(tx, { actor: actorOf8(user), entity: "invoice", entityId: id, action: "delete", before: inv2 });
  });
}
async function companyName(db, companyId) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq20(companies.id, companyId));
  return row?.name ?? "Backhaul";
}
async function invoicePdf(db, user, id) {
  const inv2 = await getInvoice(db, user, id);
  const [cust] = await db.select({ address: customers.address, city: customers.city, state: customers.state, zip: customers.zip }).from(customers).where(eq20(customers.id, inv2.customer_id));
  const company = await companyName(db, user.companyId);
  const pdf = createPdf({
    company: { name: company },
    title: `Invoice #${inv2.invoice_id}`,
    subtitle: `${inv2.from} \u2014 ${inv2.to}`
  });
  const address = [cust?.address, [cust?.city, cust?.state, cust?.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  pdf.keyValues([
    ["Bill to", inv2.customer ?? ""],
    ...address ? [["Address", address]] : [],
    ["Period", `${inv2.from} to ${inv2.to}`],
    ["Service", inv2.service ?? "Manual"],
    ["Status", inv2.status]
  ]);
  if (inv2.description) pdf.paragraph(inv2.description);
  pdf.table({
    columns: [
      { id: "n", title: "#", width: 0.5, kind: "number" },
      { id: "description", title: "Description", width: 5 },
      { id: "quantity", title: "Qty", width: 0.8, kind: "number" },
      { id: "base", title: "Base", width: 1.5, kind: "money" },
      { id: "amount", title: "Amount", width: 1.5, kind: "money" }
    ],
    rows: inv2.lines.map((l, i) => ({ ...l, n: i + 1, base: l.base || null })),
    totals: { amount: inv2.total_check }
  });
  pdf.keyValues([
    ["Total", formatMoney(inv2.total_check)],
    ["Paid", formatMoney(inv2.pay_amount)],
    ...inv2.mistake ? [["Mistake", formatMoney(inv2.mistake)]] : [],
    ...inv2.loss ? [["Loss", formatMoney(inv2.loss)]] : [],
    ["Amount due", formatMoney(inv2.need_pay_amount)],
    ...inv2.payment_account ? [["Pay to", inv2.payment_account]] : []
  ]);
  return { name: `invoice-${inv2.invoice_id}.pdf`, data: await pdf.toBuffer() };
}
async function ppwAttachments(db, files2, invoiceId) {
  const rows = await rowsOf9(
    db,
    sql35`select f.id from files f join invoice_lines il on f.entity = 'loads' and f.entity_id = il.load_id::text
      where il.invoice_id = ${invoiceId} and f.category = 'ppw' order by il.id, f.id`
  );
  return Promise.all(
    rows.map(async (r) => {
      const { file, body } = await files2.read(Number(r.id));
      return { filename: file.originalName, content: body, contentType: file.mime };
    })
  );
}
async function sendInvoice(db, deps, user, id, email2) {
  const inv2 = await getInvoice(db, user, id);
  const to = email2 || inv2.customer_email;
  if (!to) throw AppError.invalidField("email", INVOICE_MSG.noEmail);
  const pdf = await invoicePdf(db, user, id);
  const attachments = [
    { filename: pdf.name, content: pdf.data, contentType: "application/pdf" },
    ...await ppwAttachments(db, deps.files, id)
  ];
  const mail = invoiceMail({
    company: await companyName(db, user.companyId),
    customer: inv2.customer ?? "",
    invoiceNumber: `#${inv2.invoice_id}`,
    amount: inv2.need_pay_amount
  });
  const sent = await deps.mailer.send({ ...mail, to, attachments, companyId: user.companyId, createdBy: user.id });
  if (sent.status === "failed") throw AppError.precondition(MSG.invoicesNotSent);
  await db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, user.companyId, id);
    await tx.insert(invoiceSends).values({
      invoiceId: id,
      customerId: locked.customerId,
      sendTo: to,
      sendBy: user.id,
      mailMessageId: sent.id
    });
    if (locked.status === INVOICE_STATUS.Open)
      await tx.update(invoices).set({ status: INVOICE_STATUS.Sent, updatedAt: /* @__PURE__ */ new Date() }).where(eq20(invoices.id, id));
    await writeAudit(tx, {
      actor: actorOf8(user),
      entity: "invoice",
      entityId: id,
      action: "send",
      before: { status: locked.status },
      after: { status: locked.status === INVOICE_STATUS.Open ? INVOICE_STATUS.Sent : locked.status, send_to: to }
    });
  });
}
async function sendInvoices(db, deps, user, ids2) {
  const sent = [];
  const failed = [];
  for (const id of [...new Set(ids2)]) {
    try {
      await sendInvoice(db, deps, user, id);
      sent.push(id);
    } catch (err) {
      failed.push({ invoice_id: id, error: err instanceof AppError ? err.message : MSG.invoicesNotSent });
    }
  }
  if (!sent.length) throw AppError.precondition(MSG.invoicesNotSent);
  return { message: MSG.invoicesSent, sent, failed };
}
async function sendStatistic(db, mailer, user, id, email2) {
  const inv2 = await getInvoice(db, user, id);
  const rows = await rowsOf9(
    db,
    sql35`select l.id as load_id, l.broker_number, b.name as broker,
        to_char(l.delivery_at at time zone ${TZ8}, 'YYYY-MM-DD') as delivered,
        l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state as route,
        (l.mileage_loaded + l.mileage_empty) as miles, l.gross_cents / 100.0 as gross, il.amount_cents / 100.0 as amount
      from invoice_lines il join loads l on l.id = il.load_id left join brokers b on b.id = l.broker_id
      where il.invoice_id = ${id} order by l.delivery_at, l.id`
  );
  const num = (k) => rows.reduce((s, r) => s + Number(r[k] ?? 0), 0);
  const company = await companyName(db, user.companyId);
  const period = `${inv2.from} \u2014 ${inv2.to}`;
  const pdf = createPdf({ company: { name: company }, title: `Invoice #${inv2.invoice_id} loads`, subtitle: period });
  pdf.keyValues([
    ["Customer", inv2.customer ?? ""],
    ["Loads", String(rows.length)],
    ["Gross", formatMoney(num("gross"))],
    ["Invoice total", formatMoney(inv2.total_check)]
  ]);
  pdf.table({
    columns: [
      { id: "load_id", title: "Load", width: 0.8 },
      { id: "broker", title: "Broker", width: 2 },
      { id: "delivered", title: "Delivered", width: 1.2 },
      { id: "route", title: "Route", width: 3 },
      { id: "miles", title: "Miles", width: 0.9, kind: "miles" },
      { id: "gross", title: "Gross", width: 1.2, kind: "money" },
      { id: "amount", title: "Amount", width: 1.2, kind: "money" }
    ],
    rows: rows.map((r) => ({ ...r, miles: Number(r.miles), gross: Number(r.gross), amount: Number(r.amount) })),
    totals: { miles: num("miles"), gross: num("gross"), amount: num("amount") }
  });
  const mail = reportMail({ company, report: `Invoice #${inv2.invoice_id} statistics`, period });
  const sent = await mailer.send({
    ...mail,
    to: email2,
    attachments: [
      {
        filename: `invoice-${inv2.invoice_id}-loads.pdf`,
        content: await pdf.toBuffer(),
        contentType: "application/pdf"
      }
    ],
    companyId: user.companyId,
    createdBy: user.id
  });
  if (sent.status === "failed") throw AppError.precondition(sent.error ?? MSG.whoops);
  return { message: INVOICE_MSG.statisticSent };
}
async function generateOptions(db, user) {
  const today = nowInCompanyTimeZone().date;
  const thisMonth = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(thisMonth, -1);
  const lastWeekStart = addDays(startOfWeek(today), -7);
  const [services, custs] = await Promise.all([
    db.select().from(accountingServices).where(and20(eq20(accountingServices.companyId, user.companyId), eq20(accountingServices.status, 1))).orderBy(accountingServices.id),
    db.select({ id: customers.id, name: customers.name }).from(customers).where(eq20(customers.companyId, user.companyId)).orderBy(customers.name)
  ]);
  return {
    periods: [
      { id: "last_month", label: "Last month", from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
      { id: "last_week", label: "Last week", from: lastWeekStart, to: addDays(lastWeekStart, 6) }
    ],
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      billing_method: s.billingMethod,
      rate: s.billingMethod === "percent_of_gross" ? s.defaultRate / 100 : toDollars(s.defaultRate)
    })),
    customers: custs
  };
}
var TZ8, actorOf8;
var init_invoices_service = __esm({
  "src/modules/invoices/invoices.service.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_invoices_contract();
    init_money();
    init_audit();
    init_companies_table();
    init_errors2();
    init_templates();
    init_pdf_document();
    init_accounting_services();
    init_customers();
    init_trips();
    init_invoices_mail();
    init_invoices_table();
    TZ8 = "America/Chicago";
    actorOf8 = (user) => ({ id: user.id, companyId: user.companyId });
  }
});

// src/modules/invoices/invoices.routes.ts
import { z as z39 } from "zod";
var INVOICE_GENERATION_JOB, IdParams10, InvoiceIdParams, FileQuery, inv, generator, invoicesRoutes;
var init_invoices_routes = __esm({
  "src/modules/invoices/invoices.routes.ts"() {
    "use strict";
    init_src();
    init_invoices_contract();
    init_guard();
    init_errors2();
    init_list_routes();
    init_run_list();
    init_generator_service();
    init_invoices_list();
    init_invoices_service();
    INVOICE_GENERATION_JOB = "invoice-generation";
    IdParams10 = z39.object({ id: z39.coerce.number().int().positive() });
    InvoiceIdParams = z39.object({ invoice_id: z39.coerce.number().int().positive() });
    FileQuery = z39.object({ download: z39.coerce.number().int().optional() });
    inv = (action) => ({
      section: SECTION.CustomerNotPaidInvoices,
      ...action ? { action } : {}
    });
    generator = (action) => ({ section: SECTION.InvoiceGenerator, action });
    invoicesRoutes = {
      name: "invoices",
      register(app2, { database: { db }, files: files2, mailer, jobs: jobs2 }) {
        const tags = ["Invoices"];
        const send = { files: files2, mailer };
        jobs2.define(INVOICE_GENERATION_JOB, (ctx) => generateInvoices(db, ctx.data, ctx.progress));
        registerListRoute(app2, db, invoicesList, { url: "/invoice", tags });
        registerListRoute(app2, db, invoiceSendsList, { url: "/invoice-sends/list", tags });
        registerListRoute(app2, db, invoiceGeneratorList, {
          url: "/generate-invoice/list",
          access: generator(ACTION.VIEW),
          tags
        });
        app2.post("/invoice/filters", {
          config: { access: inv() },
          schema: { tags, body: z39.unknown() },
          handler: async (req) => {
            const { filter, settings, columns: columns2 } = await runList(db, invoicesList, caller(req).user, {
              ...req.body ?? {},
              limit: 1
            });
            return { filter, settings, columns: columns2 };
          }
        });
        app2.post("/invoice/total", {
          config: { access: inv() },
          schema: { tags, body: z39.unknown() },
          handler: async (req) => {
            const compiled = compileList(invoicesList, caller(req).user, {
              ...req.body ?? {},
              with_options: false
            });
            return selectTotals(db, invoicesList, compiled);
          }
        });
        app2.post("/invoice/new", {
          config: { access: inv([ACTION.EDIT, ACTION.INVOICING]) },
          schema: { tags, body: InvoiceNewBodySchema, response: { 200: InvoiceSavedSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            invoice: await createInvoice(db, caller(req).user, req.body)
          })
        });
        app2.post("/invoice/update", {
          config: { access: inv(ACTION.EDIT) },
          schema: { tags, body: InvoiceUpdateBodySchema, response: { 200: InvoiceSavedSchema } },
          handler: async (req) => {
            if (!req.body.id) throw AppError.invalidField("id", "Choose an invoice.");
            return {
              message: MSG.savingSuccess,
              invoice: await updateInvoice(db, caller(req).user, req.body.id, req.body)
            };
          }
        });
        app2.post("/invoice/update/:id", {
          config: { access: inv(ACTION.EDIT) },
          schema: { tags, params: IdParams10, body: InvoiceUpdateBodySchema, response: { 200: InvoiceSavedSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            invoice: await updateInvoice(db, caller(req).user, req.params.id, req.body)
          })
        });
        app2.post("/invoice/delete/:id", {
          config: { access: inv(ACTION.DELETE) },
          schema: { tags, params: IdParams10, body: z39.unknown(), response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteInvoice(db, caller(req).user, req.params.id);
            return { message: MSG.recordDeleted };
          }
        });
        app2.post("/invoice/open/:id", {
          config: { access: inv(ACTION.OPEN_INVOICE) },
          schema: { tags, params: IdParams10, body: z39.unknown(), response: { 200: InvoiceSavedSchema } },
          handler: async (req) => ({
            message: MSG.openInvoiceSuccess,
            invoice: await openInvoice(db, caller(req).user, req.params.id)
          })
        });
        app2.post("/invoice/sendInvoice", {
          config: { access: inv(ACTION.SEND) },
          schema: { tags, body: SendInvoiceBodySchema, response: { 200: SendResultSchema } },
          handler: async (req) => {
            await sendInvoice(db, send, caller(req).user, req.body.invoice_id, req.body.email || void 0);
            return { message: MSG.invoicesSent, sent: [req.body.invoice_id], failed: [] };
          }
        });
        app2.post("/invoice/invoiceEmail", {
          config: { access: inv(ACTION.SEND) },
          schema: { tags, body: InvoiceEmailBodySchema, response: { 200: SendResultSchema } },
          handler: async (req) => {
            await sendInvoice(db, send, caller(req).user, req.body.invoice_id, req.body.email);
            return { message: MSG.invoicesSent, sent: [req.body.invoice_id], failed: [] };
          }
        });
        app2.post("/invoice/sendInvoices", {
          config: { access: inv(ACTION.SEND) },
          schema: { tags, body: SendInvoicesBodySchema, response: { 200: SendResultSchema } },
          handler: async (req) => sendInvoices(db, send, caller(req).user, req.body.invoice_ids)
        });
        app2.post("/invoice/sendStatistic/:invoice_id", {
          config: { access: inv([ACTION.SEND, ACTION.VIEW_DOC]) },
          schema: { tags, params: InvoiceIdParams, body: SendStatisticBodySchema, response: { 200: MessageBodySchema } },
          handler: async (req) => sendStatistic(db, mailer, caller(req).user, req.params.invoice_id, req.body.email)
        });
        app2.post("/invoice/file/:id", {
          config: { access: inv([ACTION.VIEW_DOC, ACTION.DOWNLOAD_DOC]) },
          schema: { tags, params: IdParams10, querystring: FileQuery, body: z39.unknown() },
          handler: async (req, reply) => {
            const pdf = await invoicePdf(db, caller(req).user, req.params.id);
            const disposition = req.query.download ? "attachment" : "inline";
            return reply.header("content-type", "application/pdf").header("content-disposition", `${disposition}; filename="${pdf.name}"`).send(pdf.data);
          }
        });
        app2.post("/invoice/:id(^\\d+$)", {
          config: { access: inv() },
          schema: { tags, params: IdParams10, body: z39.unknown(), response: { 200: InvoiceResponseSchema } },
          handler: async (req) => ({ invoice: await getInvoice(db, caller(req).user, req.params.id) })
        });
        app2.get("/generate-invoice/create", {
          config: { access: generator(ACTION.CREATE) },
          schema: { tags, response: { 200: GenerateOptionsSchema } },
          handler: async (req) => generateOptions(db, caller(req).user)
        });
        app2.post("/generate-invoice", {
          config: { access: generator(ACTION.CREATE) },
          schema: { tags, body: GenerateBodySchema, response: { 200: GenerateStartedSchema } },
          handler: async (req) => {
            const { user } = caller(req);
            const input = {
              companyId: user.companyId,
              actorId: user.id,
              from: req.body.from,
              to: req.body.to,
              serviceId: req.body.service_id ?? null,
              customerIds: req.body.customer_ids ?? [],
              description: req.body.description ?? null
            };
            const run = await createRun(db, input);
            const job = await jobs2.enqueue(
              INVOICE_GENERATION_JOB,
              { ...input, runId: run.id },
              {
                actor: { id: user.id, companyId: user.companyId }
              }
            );
            return { message: INVOICE_MSG.generationStarted, run_id: run.id, job_id: job.id };
          }
        });
      }
    };
  }
});

// ../shared/src/modules/payments/payments.contract.ts
import { z as z40 } from "zod";
var PAYMENT_METHODS, PAYMENT_ACCOUNTS, LOST_KINDS, amountSchema, note, PaymentFormSchema, LostPaymentFormSchema, PaymentInvoiceSchema, NewPaymentResponseSchema, PaymentRowSchema, PaymentSaveResponseSchema, LostPaymentRowSchema, LostPaymentSaveResponseSchema, PaymentResponseSchema, DeleteStatusResponseSchema;
var init_payments_contract = __esm({
  "../shared/src/modules/payments/payments.contract.ts"() {
    "use strict";
    init_dates();
    init_money2();
    PAYMENT_METHODS = ["ACH", "Zelle", "Check", "Wire", "Card"];
    PAYMENT_ACCOUNTS = [
      "Chase Operating \u2022\u20224821",
      "Zelle billing@backhaul.demo",
      "Wells Fargo Lockbox \u2022\u20221177"
    ];
    LOST_KINDS = ["mistake", "loss"];
    amountSchema = moneySchema({ positive: true, max: 1e7 });
    note = z40.string().trim().max(1e3, "The note may not be greater than 1000 characters.");
    PaymentFormSchema = z40.object({
      amount: amountSchema,
      date: dateSchema(),
      payment_method: z40.enum(PAYMENT_METHODS, { message: "Choose ACH, Zelle, Check, Wire or Card." }),
      payment_account: z40.string().trim().max(120).default(""),
      note: note.default(""),
      /** Posts an amount over what is due (the customer's credit). */
      overpayment: z40.boolean().default(false)
    });
    LostPaymentFormSchema = z40.object({
      invoice_id: z40.coerce.number().int().positive("Choose an invoice."),
      kind: z40.enum(LOST_KINDS, { message: "Choose mistake or loss." }),
      amount: amountSchema,
      date: dateSchema().optional(),
      note: note.default("")
    });
    PaymentInvoiceSchema = z40.object({
      invoice_id: z40.number().int(),
      customer_id: z40.number().int(),
      customer: z40.string(),
      service: z40.string().nullable(),
      from: z40.string(),
      to: z40.string(),
      invoice_status: z40.string(),
      total: z40.number(),
      paid: z40.number(),
      mistake: z40.number(),
      loss: z40.number(),
      need_pay: z40.number(),
      payment_account: z40.string().nullable()
    });
    NewPaymentResponseSchema = z40.object({
      invoice: PaymentInvoiceSchema,
      due: z40.number(),
      today: z40.string(),
      methods: z40.array(z40.string()),
      accounts: z40.array(z40.string())
    });
    PaymentRowSchema = z40.object({
      id: z40.number().int(),
      invoice_id: z40.number().int(),
      customer_id: z40.number().int(),
      customer: z40.string(),
      date: z40.string(),
      amount: z40.number(),
      payment_method: z40.string(),
      payment_account: z40.string().nullable(),
      employee: z40.string().nullable(),
      note: z40.string().nullable(),
      invoice_status: z40.string()
    });
    PaymentSaveResponseSchema = z40.object({
      message: z40.string(),
      payment: PaymentRowSchema,
      invoice: PaymentInvoiceSchema
    });
    LostPaymentRowSchema = z40.object({
      id: z40.number().int(),
      invoice_id: z40.number().int(),
      customer: z40.string(),
      date: z40.string(),
      kind: z40.enum(LOST_KINDS),
      amount: z40.number(),
      note: z40.string().nullable()
    });
    LostPaymentSaveResponseSchema = z40.object({
      message: z40.string(),
      lost_payment: LostPaymentRowSchema,
      invoice: PaymentInvoiceSchema
    });
    PaymentResponseSchema = z40.object({ payment: PaymentRowSchema });
    DeleteStatusResponseSchema = z40.object({ status: z40.boolean(), message: z40.string() });
  }
});

// src/modules/invoices/index.ts
var init_invoices = __esm({
  "src/modules/invoices/index.ts"() {
    "use strict";
    init_generator_service();
    init_invoices_mail();
    init_invoices_service();
    init_invoices_table();
  }
});

// src/modules/payments/payments.list.ts
import { sql as sql36 } from "drizzle-orm";
var scopeOf, paymentsFrom, methodOptions, customerCol, employeeCol, salesManagerCol, servicesCol, noteCol, customerIdCol, customerPaymentsList, invoicePaymentsList, lostFrom, lostPaymentsList;
var init_payments_list = __esm({
  "src/modules/payments/payments.list.ts"() {
    "use strict";
    init_src();
    init_payments_contract();
    init_define_list();
    scopeOf = (table) => (user) => user.customerId === null ? sql36`${sql36.identifier(table)}.company_id = ${user.companyId}` : sql36`${sql36.identifier(table)}.company_id = ${user.companyId} and ${sql36.identifier(table)}.customer_id = ${user.customerId}`;
    paymentsFrom = sql36`payments
  join invoices i on i.id = payments.invoice_id
  join customers c on c.id = payments.customer_id
  left join users emp on emp.id = payments.employee_id
  left join users sm on sm.id = c.sale_manager_id
  left join accounting_services svc on svc.id = i.service_id`;
    methodOptions = sql36`select * from (values ${sql36.join(
      PAYMENT_METHODS.map((m) => sql36`(${m}::text, ${m}::text)`),
      sql36`, `
    )}) o(value, label)`;
    customerCol = (table) => ({
      id: "customer",
      title: "Customer",
      sql: sql36`c.name`,
      filterSql: sql36.raw(`${table}.customer_id`),
      filter: "list",
      search: true,
      footer: "unique",
      clip: 32
    });
    employeeCol = (table) => ({
      id: "employee",
      title: "Employee",
      sql: sql36`emp.name`,
      filterSql: sql36.raw(`${table}.employee_id`),
      filter: "list"
    });
    salesManagerCol = {
      id: "sales_manager",
      title: "Sales manager",
      sql: sql36`sm.name`,
      filterSql: sql36`c.sale_manager_id`,
      filter: "list"
    };
    servicesCol = {
      id: "services",
      title: "Services",
      sql: sql36`svc.name`,
      filterSql: sql36`i.service_id`,
      filter: "list"
    };
    noteCol = (table) => ({
      id: "note",
      title: "Note",
      sql: sql36.raw(`${table}.note`),
      filter: "note",
      search: true,
      clip: 40
    });
    customerIdCol = (table) => ({
      id: "customer_id",
      title: "Customer id",
      sql: sql36.raw(`${table}.customer_id`),
      data: true
    });
    customerPaymentsList = defineList({
      key: "payments-customer",
      title: "Customer payments",
      section: SECTION.CustomerNotPaidInvoices,
      from: paymentsFrom,
      rowKey: sql36`payments.id`,
      base: scopeOf("payments"),
      defaultSort: { sort: "date", order: "desc" },
      columns: [
        { id: "id", title: "ID", sql: sql36`payments.id`, filter: "number", footer: "count", align: "left" },
        { id: "invoice_id", title: "Invoice id", sql: sql36`payments.invoice_id`, filter: "number", search: true },
        customerCol("payments"),
        { id: "date", title: "Date", sql: sql36`payments.paid_on`, filter: "date", dateType: "date" },
        {
          id: "amount",
          title: "Amount",
          sql: sql36`payments.amount_cents`,
          filter: "number",
          dollar: true,
          footer: "sum"
        },
        employeeCol("payments"),
        salesManagerCol,
        servicesCol,
        {
          id: "payment_method",
          title: "Payment method",
          sql: sql36`payments.method`,
          filter: "list",
          options: methodOptions
        },
        { id: "payment_account", title: "Payment account", sql: sql36`payments.account`, filter: "list" },
        { id: "invoice_status", title: "Invoice status", sql: sql36`i.status`, filter: "list" },
        noteCol("payments"),
        customerIdCol("payments")
      ]
    });
    invoicePaymentsList = defineList({
      key: "payments",
      title: "Customer invoice items",
      section: SECTION.CustomerNotPaidInvoices,
      from: paymentsFrom,
      rowKey: sql36`payments.id`,
      base: scopeOf("payments"),
      defaultSort: { sort: "date", order: "desc" },
      columns: [
        { id: "id", title: "ID", sql: sql36`payments.id`, filter: "number", footer: "count", align: "left" },
        { id: "invoice_id", title: "Invoice id", sql: sql36`payments.invoice_id`, filter: "number", search: true },
        { id: "date", title: "Date", sql: sql36`payments.paid_on`, filter: "date", dateType: "date" },
        customerCol("payments"),
        servicesCol,
        { id: "invoice_from", title: "From", sql: sql36`i.period_from`, filter: "date", dateType: "date" },
        { id: "invoice_to", title: "To", sql: sql36`i.period_to`, filter: "date", dateType: "date" },
        { id: "invoice_total", title: "Invoice total", sql: sql36`i.total_cents`, filter: "number", dollar: true },
        { id: "amount", title: "Paid", sql: sql36`payments.amount_cents`, filter: "number", dollar: true, footer: "sum" },
        {
          id: "need_pay",
          title: "Need pay",
          sql: sql36`(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)`,
          filter: "number",
          dollar: true
        },
        {
          id: "payment_method",
          title: "Payment method",
          sql: sql36`payments.method`,
          filter: "list",
          options: methodOptions
        },
        { id: "payment_account", title: "Payment account", sql: sql36`payments.account`, filter: "list", hidden: true },
        { id: "invoice_status", title: "Invoice status", sql: sql36`i.status`, filter: "list" },
        employeeCol("payments"),
        noteCol("payments"),
        customerIdCol("payments")
      ]
    });
    lostFrom = sql36`lost_payments
  join customers c on c.id = lost_payments.customer_id
  left join invoices i on i.id = lost_payments.invoice_id
  left join users emp on emp.id = lost_payments.employee_id
  left join users sm on sm.id = c.sale_manager_id
  left join accounting_services svc on svc.id = i.service_id`;
    lostPaymentsList = defineList({
      key: "lost-payment",
      title: "Lost payments",
      section: SECTION.LostPayments,
      from: lostFrom,
      rowKey: sql36`lost_payments.id`,
      base: scopeOf("lost_payments"),
      defaultSort: { sort: "date", order: "desc" },
      columns: [
        { id: "id", title: "ID", sql: sql36`lost_payments.id`, filter: "number", footer: "count", align: "left" },
        { id: "invoice_id", title: "Invoice id", sql: sql36`lost_payments.invoice_id`, filter: "number", search: true },
        { id: "date", title: "Date", sql: sql36`lost_payments.lost_on`, filter: "date", dateType: "date" },
        customerCol("lost_payments"),
        {
          id: "mistake",
          title: "Mistake",
          sql: sql36`case when lost_payments.kind = 'mistake' then lost_payments.amount_cents end`,
          filter: "number",
          dollar: true,
          footer: "sum"
        },
        {
          id: "loss",
          title: "Loss",
          sql: sql36`case when lost_payments.kind = 'loss' then lost_payments.amount_cents end`,
          filter: "number",
          dollar: true,
          footer: "sum"
        },
        {
          id: "amount",
          title: "Amount",
          sql: sql36`lost_payments.amount_cents`,
          filter: "number",
          dollar: true,
          footer: "sum"
        },
        employeeCol("lost_payments"),
        salesManagerCol,
        servicesCol,
        noteCol("lost_payments"),
        customerIdCol("lost_payments")
      ]
    });
  }
});

// src/modules/payments/payments.table.ts
import { bigint as bigint8, date as date9, index as index18, integer as integer21, pgTable as pgTable22, serial as serial21, text as text23, timestamp as timestamp20 } from "drizzle-orm/pg-core";
var payments, lostPayments;
var init_payments_table = __esm({
  "src/modules/payments/payments.table.ts"() {
    "use strict";
    payments = pgTable22(
      "payments",
      {
        id: serial21().primaryKey(),
        companyId: integer21().notNull(),
        invoiceId: integer21().notNull(),
        customerId: integer21().notNull(),
        paidOn: date9().notNull(),
        amountCents: bigint8({ mode: "number" }).notNull(),
        /** ACH, Zelle, Check, Wire, Card */
        method: text23().notNull(),
        account: text23(),
        employeeId: integer21(),
        note: text23(),
        createdAt: timestamp20({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index18("payments_invoice_idx").on(t.invoiceId), index18("payments_company_date_idx").on(t.companyId, t.paidOn)]
    );
    lostPayments = pgTable22(
      "lost_payments",
      {
        id: serial21().primaryKey(),
        companyId: integer21().notNull(),
        invoiceId: integer21().notNull(),
        customerId: integer21().notNull(),
        lostOn: date9().notNull(),
        /** mistake, loss */
        kind: text23().notNull(),
        amountCents: bigint8({ mode: "number" }).notNull(),
        employeeId: integer21(),
        note: text23(),
        createdAt: timestamp20({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index18("lost_payments_invoice_idx").on(t.invoiceId)]
    );
  }
});

// src/modules/payments/payments.service.ts
import { and as and21, eq as eq21, sql as sql37 } from "drizzle-orm";
function assertInScope(user, customerId2) {
  if (user.customerId !== null && user.customerId !== customerId2) throw AppError.notFound();
}
async function describeInvoice(db, row) {
  const [names] = await db.select({ customer: customers.name, service: accountingServices.name }).from(customers).leftJoin(accountingServices, eq21(accountingServices.id, row.serviceId ?? -1)).where(eq21(customers.id, row.customerId));
  return {
    invoice_id: row.id,
    customer_id: row.customerId,
    customer: names?.customer ?? "",
    service: names?.service ?? null,
    from: row.periodFrom,
    to: row.periodTo,
    invoice_status: row.status,
    total: toDollars(row.totalCents),
    paid: toDollars(row.paidCents),
    mistake: toDollars(row.mistakeCents),
    loss: toDollars(row.lossCents),
    need_pay: toDollars(needPayCents(row)),
    payment_account: row.paymentAccount
  };
}
async function findInvoice2(db, user, invoiceId) {
  const [row] = await db.select().from(invoices).where(and21(eq21(invoices.id, invoiceId), eq21(invoices.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  assertInScope(user, row.customerId);
  return row;
}
async function newPayment(db, user, invoiceId) {
  const row = await findInvoice2(db, user, invoiceId);
  const invoice = await describeInvoice(db, row);
  const accounts = [.../* @__PURE__ */ new Set([...PAYMENT_ACCOUNTS, ...row.paymentAccount ? [row.paymentAccount] : []])];
  return {
    invoice,
    due: Math.max(0, invoice.need_pay),
    today: nowInCompanyTimeZone().date,
    methods: [...PAYMENT_METHODS],
    accounts
  };
}
async function toPaymentRow(db, p, status) {
  const [extra] = await db.select({ customer: customers.name, employee: users.name, status: invoices.status }).from(customers).leftJoin(users, eq21(users.id, p.employeeId ?? -1)).leftJoin(invoices, eq21(invoices.id, p.invoiceId)).where(eq21(customers.id, p.customerId));
  return {
    id: p.id,
    invoice_id: p.invoiceId,
    customer_id: p.customerId,
    customer: extra?.customer ?? "",
    date: p.paidOn,
    amount: toDollars(p.amountCents),
    payment_method: p.method,
    payment_account: p.account,
    employee: extra?.employee ?? null,
    note: p.note,
    invoice_status: status ?? extra?.status ?? ""
  };
}
async function postPayment(db, user, invoiceId, form) {
  const cents2 = form.amount;
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, user.companyId, invoiceId);
    assertInScope(user, invoice.customerId);
    const due = needPayCents(invoice);
    if (cents2 > due && !form.overpayment) {
      throw AppError.invalidField(
        "amount",
        due > 0 ? `The amount ${money3(cents2)} is more than the ${money3(due)} due on invoice #${invoiceId}. Mark it as an overpayment to post it.` : `Invoice #${invoiceId} has nothing due. Mark the amount ${money3(cents2)} as an overpayment to post it.`
      );
    }
    const [payment] = await tx.insert(payments).values({
      companyId: user.companyId,
      invoiceId,
      customerId: invoice.customerId,
      paidOn: form.date,
      amountCents: cents2,
      method: form.payment_method,
      account: form.payment_account || null,
      employeeId: user.id,
      note: form.note || null
    }).returning();
    if (!payment) throw new AppError("internal", "Payment not created");
    const after = await applyInvoiceAmounts(tx, invoiceId, { paidDelta: cents2 });
    await writeAudit(tx, {
      actor: actorOf9(user),
      entity: "payment",
      entityId: payment.id,
      action: "create",
      after: { ...payment, overpayment: form.overpayment, invoice_need_pay_cents: needPayCents(after) }
    });
    return { payment: await toPaymentRow(tx, payment, after.status), invoice: await describeInvoice(tx, after) };
  });
}
async function findPayment(db, user, id) {
  const [row] = await db.select().from(payments).where(and21(eq21(payments.id, id), eq21(payments.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  assertInScope(user, row.customerId);
  return row;
}
async function getPayment(db, user, id) {
  return toPaymentRow(db, await findPayment(db, user, id));
}
async function deletePayment(db, user, id) {
  const found = await findPayment(db, user, id);
  await db.transaction(async (tx) => {
    await lockInvoice(tx, user.companyId, found.invoiceId);
    const [payment] = await tx.delete(payments).where(eq21(payments.id, id)).returning();
    if (!payment) throw AppError.notFound();
    const after = await applyInvoiceAmounts(tx, payment.invoiceId, { paidDelta: -payment.amountCents });
    await writeAudit(tx, {
      actor: actorOf9(user),
      entity: "payment",
      entityId: id,
      action: "delete",
      before: payment,
      after: { invoice_need_pay_cents: needPayCents(after), invoice_status: after.status }
    });
  });
}
async function postLostPayment(db, user, form) {
  const cents2 = form.amount;
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, user.companyId, form.invoice_id);
    assertInScope(user, invoice.customerId);
    const due = needPayCents(invoice);
    if (cents2 > due) {
      throw AppError.invalidField(
        "amount",
        `The amount ${money3(cents2)} is more than the ${money3(Math.max(0, due))} due on invoice #${form.invoice_id}.`
      );
    }
    const [lost2] = await tx.insert(lostPayments).values({
      companyId: user.companyId,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      lostOn: form.date ?? nowInCompanyTimeZone().date,
      kind: form.kind,
      amountCents: cents2,
      employeeId: user.id,
      note: form.note || null
    }).returning();
    if (!lost2) throw new AppError("internal", "Lost payment not created");
    const after = await applyInvoiceAmounts(tx, invoice.id, lostDelta(form.kind, cents2));
    await writeAudit(tx, {
      actor: actorOf9(user),
      entity: "lost_payment",
      entityId: lost2.id,
      action: "create",
      after: lost2
    });
    const invoiceRow = await describeInvoice(tx, after);
    return {
      lost_payment: {
        id: lost2.id,
        invoice_id: lost2.invoiceId,
        customer: invoiceRow.customer,
        date: lost2.lostOn,
        kind: lost2.kind,
        amount: toDollars(lost2.amountCents),
        note: lost2.note
      },
      invoice: invoiceRow
    };
  });
}
async function deleteLostPayment(db, user, id) {
  const [found] = await db.select().from(lostPayments).where(and21(eq21(lostPayments.id, id), eq21(lostPayments.companyId, user.companyId)));
  if (!found) throw AppError.notFound();
  assertInScope(user, found.customerId);
  await db.transaction(async (tx) => {
    await lockInvoice(tx, user.companyId, found.invoiceId);
    const [lost2] = await tx.delete(lostPayments).where(eq21(lostPayments.id, id)).returning();
    if (!lost2) throw AppError.notFound();
    await applyInvoiceAmounts(tx, lost2.invoiceId, lostDelta(lost2.kind, -lost2.amountCents));
    await writeAudit(tx, {
      actor: actorOf9(user),
      entity: "lost_payment",
      entityId: id,
      action: "delete",
      before: lost2
    });
  });
}
async function sumLostOnInvoicesOf(db, paymentIds) {
  const result = await db.execute(
    sql37`select coalesce(sum(lp.amount_cents), 0) as cents from lost_payments lp where lp.invoice_id in (select p.invoice_id from payments p where p.id in (${paymentIds}))`
  );
  return toDollars(Number(result.rows[0]?.cents ?? 0));
}
async function markPaid(db, user, id, opts = {}) {
  await db.transaction(async (tx) => {
    const inv2 = await lockInvoice(tx, user.companyId, id);
    if (inv2.status !== INVOICE_STATUS.Open) throw AppError.precondition(INVOICE_MSG.paidNotOpen);
    const need2 = inv2.totalCents - inv2.paidCents - inv2.mistakeCents - inv2.lossCents;
    if (need2 <= 0) throw AppError.precondition(INVOICE_MSG.nothingToPay);
    const [payment] = await tx.insert(payments).values({
      companyId: user.companyId,
      invoiceId: id,
      customerId: inv2.customerId,
      paidOn: opts.paidOn ?? nowInCompanyTimeZone().date,
      amountCents: need2,
      method: opts.method ?? "ACH",
      account: inv2.paymentAccount,
      employeeId: user.id,
      note: "Marked paid"
    }).returning();
    const after = await applyInvoiceAmounts(tx, id, { paidDelta: need2 });
    await writeAudit(tx, {
      actor: actorOf9(user),
      entity: "invoice",
      entityId: id,
      action: "paid",
      before: inv2,
      after: { ...after, payment_id: payment?.id }
    });
  });
}
var actorOf9, money3, needPayCents, lostDelta;
var init_payments_service = __esm({
  "src/modules/payments/payments.service.ts"() {
    "use strict";
    init_formats();
    init_invoices_contract();
    init_payments_contract();
    init_money();
    init_audit();
    init_auth_table();
    init_errors2();
    init_accounting_services();
    init_customers();
    init_invoices();
    init_payments_table();
    actorOf9 = (user) => ({ id: user.id, companyId: user.companyId });
    money3 = (cents2) => `$${(cents2 / 100).toFixed(2)}`;
    needPayCents = (i) => i.totalCents - i.paidCents - i.mistakeCents - i.lossCents;
    lostDelta = (kind, cents2) => kind === "mistake" ? { mistakeDelta: cents2 } : { lossDelta: cents2 };
  }
});

// src/modules/payments/payments.routes.ts
import { sql as sql38 } from "drizzle-orm";
import { z as z41 } from "zod";
async function lostOnFilteredPayments(db, def, user, body) {
  const { where } = compileList(def, user, body);
  return sumLostOnInvoicesOf(db, sql38`select payments.id from ${def.from} where ${where}`);
}
var IdParams11, InvoiceParams, invoices2, lost, paymentsRoutes;
var init_payments_routes = __esm({
  "src/modules/payments/payments.routes.ts"() {
    "use strict";
    init_src();
    init_invoices_contract();
    init_payments_contract();
    init_guard();
    init_run_list();
    init_invoices();
    init_payments_list();
    init_payments_service();
    IdParams11 = z41.object({ id: z41.coerce.number().int().positive() });
    InvoiceParams = z41.object({ invoice_id: z41.coerce.number().int().positive() });
    invoices2 = (action) => ({ section: SECTION.CustomerNotPaidInvoices, ...action ? { action } : {} });
    lost = (action) => ({ section: SECTION.LostPayments, ...action ? { action } : {} });
    paymentsRoutes = {
      name: "payments",
      register(app2, { database: { db } }) {
        const tags = ["Payments"];
        const customerPayments = async (user, body) => {
          const [result, sumLost] = await Promise.all([
            runList(db, customerPaymentsList, user, body),
            lostOnFilteredPayments(db, customerPaymentsList, user, body)
          ]);
          return { ...result, sum: { ...result.sum, sum_lost_amount: sumLost } };
        };
        app2.post("/invoice/paid/:id", {
          config: { access: invoices2(ACTION.PAID) },
          schema: { tags: ["Invoices"], params: IdParams11, body: z41.unknown(), response: { 200: InvoiceSavedSchema } },
          handler: async (req) => {
            const { user } = caller(req);
            await markPaid(db, user, req.params.id);
            return { message: INVOICE_MSG.paidSuccess, invoice: await getInvoice(db, user, req.params.id) };
          }
        });
        app2.post("/invoice/setPayments", {
          config: { access: invoices2(ACTION.PAID) },
          schema: { tags: ["Invoices"], body: SetPaymentsBodySchema, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            const { user } = caller(req);
            for (const id of new Set(req.body.invoice_ids)) {
              await markPaid(db, user, id, {
                method: req.body.method,
                ...req.body.paid_on ? { paidOn: req.body.paid_on } : {}
              });
            }
            return { message: INVOICE_MSG.paidSuccess };
          }
        });
        app2.get("/payments/new/:id", {
          config: { access: invoices2(ACTION.PAID) },
          schema: { tags, params: IdParams11, response: { 200: NewPaymentResponseSchema } },
          handler: async (req) => newPayment(db, caller(req).user, req.params.id)
        });
        app2.post("/payments/list", {
          config: { access: invoices2() },
          schema: { tags, body: z41.unknown() },
          handler: async (req) => runList(db, invoicePaymentsList, caller(req).user, req.body)
        });
        app2.post("/payments/filters", {
          config: { access: invoices2() },
          schema: { tags },
          handler: async (req) => {
            const { filter } = await runList(db, invoicePaymentsList, caller(req).user, { limit: 1 });
            return { filter };
          }
        });
        app2.post("/payments/:invoice_id(^\\d+$)", {
          config: { access: invoices2(ACTION.PAID) },
          schema: { tags, params: InvoiceParams, body: PaymentFormSchema, response: { 200: PaymentSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            ...await postPayment(db, caller(req).user, req.params.invoice_id, req.body)
          })
        });
        app2.get("/payments/:id(^\\d+$)", {
          config: { access: invoices2() },
          schema: { tags, params: IdParams11, response: { 200: PaymentResponseSchema } },
          handler: async (req) => ({ payment: await getPayment(db, caller(req).user, req.params.id) })
        });
        app2.delete("/payments/:id", {
          config: { access: invoices2(ACTION.DELETE) },
          schema: { tags, params: IdParams11, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deletePayment(db, caller(req).user, req.params.id);
            return { message: MSG.recordDeleted };
          }
        });
        app2.get("/payments-customer", {
          config: { access: invoices2() },
          schema: { tags },
          handler: async (req) => {
            const { rows, filter, settings, ...rest } = await customerPayments(caller(req).user, {});
            return { customer_payments: rows, filters: filter, settings, ...rest };
          }
        });
        app2.post("/payments-customer/list", {
          config: { access: invoices2() },
          schema: { tags, body: z41.unknown() },
          handler: async (req) => customerPayments(caller(req).user, req.body)
        });
        app2.post("/payments-customer/filters", {
          config: { access: invoices2() },
          schema: { tags },
          handler: async (req) => {
            const { filter } = await runList(db, customerPaymentsList, caller(req).user, { limit: 1 });
            return { filter };
          }
        });
        app2.delete("/payments-customer/:id", {
          config: { access: invoices2(ACTION.DELETE) },
          schema: { tags, params: IdParams11, response: { 200: DeleteStatusResponseSchema } },
          handler: async (req) => {
            await deletePayment(db, caller(req).user, req.params.id);
            return { status: true, message: MSG.recordDeleted };
          }
        });
        app2.post("/lost-payment", {
          config: { access: invoices2(ACTION.PAID) },
          schema: { tags, body: LostPaymentFormSchema, response: { 200: LostPaymentSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            ...await postLostPayment(db, caller(req).user, req.body)
          })
        });
        app2.post("/lost-payment/list", {
          config: { access: lost() },
          schema: { tags, body: z41.unknown() },
          handler: async (req) => {
            const result = await runList(db, lostPaymentsList, caller(req).user, req.body);
            return { ...result, sum: { ...result.sum, sum_lost_amount: result.sum.amount ?? 0 } };
          }
        });
        app2.post("/lost-payment/filters", {
          config: { access: lost() },
          schema: { tags },
          handler: async (req) => {
            const { filter } = await runList(db, lostPaymentsList, caller(req).user, { limit: 1 });
            return { filter };
          }
        });
        app2.delete("/lost-payment/:id", {
          config: { access: lost(ACTION.DELETE) },
          schema: { tags, params: IdParams11, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteLostPayment(db, caller(req).user, req.params.id);
            return { message: MSG.recordDeleted };
          }
        });
      }
    };
  }
});

// ../shared/src/modules/receivables-reports/receivables-reports.contract.ts
var DEFAULT_TERMS_DAYS, AGING_BUCKETS, SETTLED_BUCKET;
var init_receivables_reports_contract = __esm({
  "../shared/src/modules/receivables-reports/receivables-reports.contract.ts"() {
    "use strict";
    DEFAULT_TERMS_DAYS = 15;
    AGING_BUCKETS = [
      { id: "current", label: "Current", from: null, to: 0 },
      { id: "d1_30", label: "1-30", from: 1, to: 30 },
      { id: "d31_60", label: "31-60", from: 31, to: 60 },
      { id: "d61_90", label: "61-90", from: 61, to: 90 },
      { id: "over_90", label: "Over 90", from: 91, to: null }
    ];
    SETTLED_BUCKET = "settled";
  }
});

// src/modules/receivables-reports/receivables-reports.list.ts
import { sql as sql39 } from "drizzle-orm";
var TODAY2, NEED_PAY, TERMS, DAYS_PAST_DUE, bucketCase, scopeOf2, money4, customersBalanceList, bucketSum, arAgingList, bucketOptions, receivableInvoicesList;
var init_receivables_reports_list = __esm({
  "src/modules/receivables-reports/receivables-reports.list.ts"() {
    "use strict";
    init_src();
    init_receivables_reports_contract();
    init_define_list();
    init_customers();
    TODAY2 = sql39`(now() at time zone 'America/Chicago')::date`;
    NEED_PAY = sql39`(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)`;
    TERMS = sql39`coalesce(c.payment_terms_days, ${DEFAULT_TERMS_DAYS}::int)`;
    DAYS_PAST_DUE = sql39`(${TODAY2} - (i.period_to + ${TERMS}))`;
    bucketCase = sql39`case ${sql39.join(
      AGING_BUCKETS.filter((b) => b.to !== null).map((b) => sql39`when ${DAYS_PAST_DUE} <= ${b.to} then ${b.id}`),
      sql39` `
    )} else 'over_90' end`;
    scopeOf2 = (alias) => (user) => user.customerId === null ? sql39`${sql39.identifier(alias)}.company_id = ${user.companyId}` : sql39`${sql39.identifier(alias)}.company_id = ${user.companyId} and ${sql39.identifier(alias)}.customer_id = ${user.customerId}`;
    money4 = (id, title, expr, extra = {}) => ({
      id,
      title,
      sql: expr,
      filter: "number",
      dollar: true,
      footer: "sum",
      ...extra
    });
    customersBalanceList = defineList({
      key: "customers-balance",
      title: "Customers balance",
      section: SECTION.CustomerNotPaidInvoices,
      from: sql39`customers`,
      rowKey: sql39`customers.id`,
      base: customerScope,
      defaultSort: { sort: "balance", order: "desc" },
      columns: [
        { id: "id", title: "Customer id", sql: sql39`customers.id`, filter: "number", footer: "count", align: "left" },
        { id: "name", title: "Customer name", sql: sql39`customers.name`, filter: "note", search: true, clip: 40 },
        money4("balance", "Balance", sql39`customers.balance_cents`),
        {
          id: "created_at",
          title: "Created date",
          sql: sql39`to_char(customers.created_at at time zone 'America/Chicago', 'YYYY-MM-DD')`,
          filterSql: sql39`customers.created_at`,
          sortSql: sql39`customers.created_at`,
          filter: "date",
          dateType: "timestamp"
        },
        {
          id: "qty_driver",
          title: "Q-ty driver",
          sql: sql39`(select count(*) from drivers d where d.customer_id = customers.id and d.active)::int`,
          filter: "number",
          footer: "sum",
          align: "right"
        }
      ]
    });
    bucketSum = (id) => sql39`coalesce(sum(o.need_pay) filter (where o.bucket = ${id}), 0)::bigint`;
    arAgingList = defineList({
      key: "ar-aging",
      title: "AR aging",
      section: SECTION.CustomerNotPaidInvoices,
      from: sql39`(select cu.id as customer_id, cu.company_id, cu.name as customer, o.terms,
      count(*)::int as open_invoices,
      ${sql39.join(
        AGING_BUCKETS.map((b) => sql39`${bucketSum(b.id)} as ${sql39.identifier(b.id)}`),
        sql39`, `
      )},
      sum(o.need_pay)::bigint as total
    from (select i.customer_id, ${TERMS} as terms, ${NEED_PAY} as need_pay, ${bucketCase} as bucket
          from invoices i join customers c on c.id = i.customer_id where ${NEED_PAY} > 0) o
    join customers cu on cu.id = o.customer_id
    group by cu.id, o.terms) aging`,
      rowKey: sql39`aging.customer_id`,
      base: scopeOf2("aging"),
      defaultSort: { sort: "total", order: "desc" },
      columns: [
        {
          id: "customer_id",
          title: "Customer id",
          sql: sql39`aging.customer_id`,
          filter: "number",
          align: "left",
          hidden: true
        },
        {
          id: "customer",
          title: "Customer",
          sql: sql39`aging.customer`,
          filterSql: sql39`aging.customer_id`,
          filter: "list",
          footer: "count",
          search: true,
          clip: 40
        },
        { id: "terms", title: "Terms (days)", sql: sql39`aging.terms`, filter: "number", align: "right", hidden: true },
        {
          id: "open_invoices",
          title: "Open invoices",
          sql: sql39`aging.open_invoices`,
          filter: "number",
          footer: "sum",
          align: "right"
        },
        ...AGING_BUCKETS.map((b) => money4(b.id, b.label, sql39`aging.${sql39.identifier(b.id)}`)),
        money4("total", "Total", sql39`aging.total`)
      ]
    });
    bucketOptions = sql39`select * from (values ${sql39.join(
      [
        ...AGING_BUCKETS.map((b) => sql39`(${b.id}::text, ${b.label}::text)`),
        sql39`(${SETTLED_BUCKET}::text, 'Settled'::text)`
      ],
      sql39`, `
    )}) o(value, label)`;
    receivableInvoicesList = defineList({
      key: "receivable-invoices",
      title: "Receivable invoices",
      section: SECTION.CustomerNotPaidInvoices,
      from: sql39`invoices i join customers c on c.id = i.customer_id left join accounting_services svc on svc.id = i.service_id`,
      rowKey: sql39`i.id`,
      base: scopeOf2("i"),
      defaultSort: { sort: "to", order: "desc" },
      columns: [
        {
          id: "invoice_id",
          title: "Invoice id",
          sql: sql39`i.id`,
          filter: "number",
          footer: "count",
          align: "left",
          search: true
        },
        {
          id: "customer",
          title: "Customer",
          sql: sql39`c.name`,
          filterSql: sql39`i.customer_id`,
          filter: "list",
          footer: "unique",
          clip: 32,
          hidden: true
        },
        { id: "service", title: "Service", sql: sql39`svc.name`, filterSql: sql39`i.service_id`, filter: "list" },
        { id: "from", title: "From", sql: sql39`i.period_from`, filter: "date", dateType: "date", hidden: true },
        { id: "to", title: "To", sql: sql39`i.period_to`, filter: "date", dateType: "date" },
        { id: "due_date", title: "Due date", sql: sql39`(i.period_to + ${TERMS})`, filter: "date", dateType: "date" },
        {
          id: "days_past_due",
          title: "Days past due",
          // Blank once settled: nothing is late any more.
          sql: sql39`case when ${NEED_PAY} > 0 then greatest(${DAYS_PAST_DUE}, 0) end`,
          filter: "number",
          align: "right"
        },
        {
          id: "bucket",
          title: "Aging",
          sql: sql39`case when ${NEED_PAY} <= 0 then ${SETTLED_BUCKET} else ${bucketCase} end`,
          filter: "list",
          options: bucketOptions,
          sortSql: sql39`${DAYS_PAST_DUE}`
        },
        { id: "invoice_status", title: "Invoice status", sql: sql39`i.status`, filter: "list", hidden: true },
        money4("total", "Total", sql39`i.total_cents`),
        money4("paid", "Paid", sql39`i.paid_cents`),
        money4("lost", "Mistake and loss", sql39`(i.mistake_cents + i.loss_cents)`, { hidden: true }),
        money4("need_pay", "Need pay", NEED_PAY),
        { id: "customer_id", title: "Customer id", sql: sql39`i.customer_id`, data: true }
      ]
    });
  }
});

// src/modules/receivables-reports/receivables-reports.routes.ts
import { z as z42 } from "zod";
var LISTS, receivablesReportsRoutes;
var init_receivables_reports_routes = __esm({
  "src/modules/receivables-reports/receivables-reports.routes.ts"() {
    "use strict";
    init_src();
    init_guard();
    init_list_routes();
    init_run_list();
    init_receivables_reports_list();
    LISTS = [
      ["/receivables/balances", customersBalanceList],
      ["/receivables/aging", arAgingList],
      ["/receivables/invoices", receivableInvoicesList]
    ];
    receivablesReportsRoutes = {
      name: "receivables-reports",
      register(app2, { database: { db } }) {
        const tags = ["Receivables reports"];
        const access2 = { section: SECTION.CustomerNotPaidInvoices };
        for (const [path, def] of LISTS) {
          registerListRoute(app2, db, def, { url: `${path}/list`, access: access2, tags });
          app2.post(`${path}/filters`, {
            config: { access: access2 },
            schema: { tags, body: z42.unknown() },
            handler: async (req) => {
              const { filter } = await runList(db, def, caller(req).user, { limit: 1 });
              return { filter };
            }
          });
        }
      }
    };
  }
});

// ../shared/src/modules/roles/roles.contract.ts
import { z as z43 } from "zod";
var ROLE_NUMBER_NAMES, RoleNumberSchema, RoleRowSchema, RoleListRowSchema, RoleListResponseSchema, RoleFormResponseSchema, RoleEditResponseSchema, RoleSaveBodySchema, RoleSaveResponseSchema, SubCustomerBodySchema, SubCustomerResponseSchema;
var init_roles_contract = __esm({
  "../shared/src/modules/roles/roles.contract.ts"() {
    "use strict";
    init_grants();
    ROLE_NUMBER_NAMES = {
      0: "Administrator",
      1: "Manager",
      2: "Dispatcher",
      3: "Head of department",
      4: "Office staff"
    };
    RoleNumberSchema = z43.number().int().min(0).max(4);
    RoleRowSchema = z43.object({
      id: z43.number().int(),
      name: z43.string(),
      all_permissions: z43.boolean(),
      customer_id: z43.number().int().nullable(),
      customer: z43.string().nullable(),
      users_count: z43.number().int()
    });
    RoleListRowSchema = RoleRowSchema.extend({ editable: z43.boolean() });
    RoleListResponseSchema = z43.object({ rows: z43.array(RoleListRowSchema) });
    RoleFormResponseSchema = z43.object({ all_permissions: z43.array(PermissionNodeSchema) });
    RoleEditResponseSchema = z43.object({
      role: RoleRowSchema,
      all_permissions: z43.array(PermissionNodeSchema)
    });
    RoleSaveBodySchema = z43.object({
      id: z43.number().int().positive().optional(),
      name: z43.string().trim().min(1, "The name field is required.").max(120, "The name may not be greater than 120 characters."),
      customer_id: z43.number().int().positive().nullable().optional(),
      permissions: z43.array(PermissionNodeSchema)
    });
    RoleSaveResponseSchema = z43.object({ message: z43.string(), role: RoleRowSchema });
    SubCustomerBodySchema = z43.object({ customer_id: z43.number().int().positive().nullable().optional() });
    SubCustomerResponseSchema = z43.object({
      roles: z43.array(RoleListRowSchema),
      customers: z43.array(z43.object({ id: z43.number().int(), name: z43.string() }))
    });
  }
});

// src/modules/roles/roles.rules.ts
import { and as and22, eq as eq22, inArray as inArray8, notInArray, sql as sql40 } from "drizzle-orm";
async function roleGrantSet(db, roleId) {
  if (roleId === null) return NO_GRANTS;
  const [role] = await db.select({ all: roles.allPermissions }).from(roles).where(eq22(roles.id, roleId));
  if (!role) return NO_GRANTS;
  const grants = await db.select({ section: rolePermissions.sectionId, action: rolePermissions.actionId }).from(rolePermissions).where(eq22(rolePermissions.roleId, roleId));
  return makeGrantSet(grants, role.all);
}
async function companyRoleGrantSets(db, companyId) {
  const rows = await db.select({
    id: roles.id,
    all: roles.allPermissions,
    section: rolePermissions.sectionId,
    action: rolePermissions.actionId
  }).from(roles).leftJoin(rolePermissions, eq22(rolePermissions.roleId, roles.id)).where(eq22(roles.companyId, companyId));
  const byRole = /* @__PURE__ */ new Map();
  for (const r of rows) {
    const entry = byRole.get(r.id) ?? { all: r.all, grants: [] };
    if (r.section !== null && r.action !== null) entry.grants.push({ section: r.section, action: r.action });
    byRole.set(r.id, entry);
  }
  return new Map([...byRole].map(([id, e]) => [id, makeGrantSet(e.grants, e.all)]));
}
function missingGrants(caller2, target) {
  if (caller2.all) return [];
  if (target.all) return ["every permission"];
  return [...target.keys].filter((k) => !caller2.keys.has(k)).map((k) => k.replace(":", "/"));
}
function assertMayGiveRole(auth, target) {
  if (target.all && !auth.grants.all) throw AppError.forbidden(ROLE_RULE_MSG.administratorsOnly);
  const missing = missingGrants(auth.grants, target);
  if (missing.length > 0) throw AppError.forbidden(ROLE_RULE_MSG.grantBeyond(missing.join(", ")));
}
async function otherAdministrators(tx, companyId, exceptIds) {
  await tx.execute(sql40`select pg_advisory_xact_lock(${6382701}, ${companyId})`);
  const [row] = await tx.select({ n: sql40`count(*)::int` }).from(users).innerJoin(roles, eq22(roles.id, users.permissionRoleId)).where(
    and22(
      eq22(users.companyId, companyId),
      eq22(users.active, true),
      eq22(roles.allPermissions, true),
      exceptIds.length ? notInArray(users.id, exceptIds) : void 0
    )
  );
  return row?.n ?? 0;
}
async function assertUserChange(tx, auth, changes) {
  const cache = /* @__PURE__ */ new Map();
  const grantsOf2 = async (roleId) => {
    const known = cache.get(roleId);
    if (known) return known;
    const set = await roleGrantSet(tx, roleId);
    cache.set(roleId, set);
    return set;
  };
  const losing = [];
  for (const { user, roleId, leaves } of changes) {
    const roleChanges = !user || user.permissionRoleId !== roleId;
    if (user && user.id === auth.user.id && roleChanges) throw AppError.forbidden(ROLE_RULE_MSG.ownRole);
    const before = user ? await grantsOf2(user.permissionRoleId) : NO_GRANTS;
    if (user && user.id !== auth.user.id && !covers(auth.grants, before)) {
      throw AppError.forbidden(before.all ? ROLE_RULE_MSG.administratorsOnly : ROLE_RULE_MSG.targetHoldsMore);
    }
    const after = await grantsOf2(roleId);
    if (roleChanges) assertMayGiveRole(auth, after);
    if (user?.active && before.all && (leaves || !after.all)) losing.push(user.id);
  }
  if (losing.length > 0 && await otherAdministrators(tx, auth.user.companyId, losing) === 0) {
    throw AppError.precondition(ROLE_RULE_MSG.lastAdministrator);
  }
}
function mayChangeRole(auth, roleId, grants) {
  if (auth.grants.all) return true;
  return grants !== void 0 && roleId !== auth.user.permissionRoleId && covers(auth.grants, grants);
}
function assertRoleChange(auth, change) {
  if (!auth.grants.all && change.roleId === auth.user.permissionRoleId) {
    throw AppError.forbidden("You cannot change the permissions of your own role.");
  }
  if (!covers(auth.grants, change.before)) {
    throw AppError.forbidden(change.before.all ? ROLE_RULE_MSG.administratorsOnly : ROLE_RULE_MSG.roleHoldsMore);
  }
  if (change.after) assertMayGiveRole(auth, change.after);
}
async function lockUsers(tx, companyId, ids2) {
  if (ids2.length === 0) return [];
  return tx.select({ id: users.id, permissionRoleId: users.permissionRoleId, active: users.active }).from(users).where(and22(inArray8(users.id, ids2), eq22(users.companyId, companyId))).for("update");
}
var ROLE_RULE_MSG, NO_GRANTS, covers;
var init_roles_rules = __esm({
  "src/modules/roles/roles.rules.ts"() {
    "use strict";
    init_src();
    init_auth_table();
    init_errors2();
    ROLE_RULE_MSG = {
      administratorsOnly: "Only a user with every permission may change an administrator or give that role.",
      targetHoldsMore: "You cannot change a user who holds permissions you do not hold.",
      roleHoldsMore: "You cannot change a role that holds permissions you do not hold.",
      grantBeyond: (missing) => `You cannot give a role holding permissions you do not hold (${missing}).`,
      ownRole: "You cannot change your own role or permission role.",
      lastAdministrator: "This is the last user with every permission; it cannot be deleted, deactivated or given another role."
    };
    NO_GRANTS = makeGrantSet([]);
    covers = (caller2, target) => missingGrants(caller2, target).length === 0;
  }
});

// src/modules/roles/roles.service.ts
import { and as and23, asc as asc9, eq as eq23, inArray as inArray9, isNotNull as isNotNull3, sql as sql41 } from "drizzle-orm";
async function listRoles(db, auth, customerId2) {
  const { companyId } = auth.user;
  const rows = await db.select(roleColumns).from(roles).leftJoin(customers, eq23(customers.id, roles.customerId)).where(
    and23(
      eq23(roles.companyId, companyId),
      customerId2 === void 0 ? void 0 : customerId2 === null ? isNotNull3(roles.customerId) : eq23(roles.customerId, customerId2)
    )
  ).orderBy(asc9(roles.name));
  const grantSets = await companyRoleGrantSets(db, companyId);
  return rows.map((r) => ({ ...r, editable: mayChangeRole(auth, r.id, grantSets.get(r.id)) }));
}
async function getRole(db, companyId, id) {
  const [row] = await db.select(roleColumns).from(roles).leftJoin(customers, eq23(customers.id, roles.customerId)).where(and23(eq23(roles.id, id), eq23(roles.companyId, companyId)));
  if (!row) throw AppError.notFound("The role was not found.");
  return row;
}
async function roleForEdit(db, companyId, id) {
  const role = await getRole(db, companyId, id);
  const grants = await loadGrants(db, id);
  return { role, all_permissions: buildPermissionTree(makeGrantSet(grants, role.all_permissions)) };
}
function grantsOf(body) {
  const grants = grantsFromTree(body.permissions);
  const bad = invalidGrants(grants);
  if (bad.length > 0) {
    throw AppError.invalidField(
      "permissions",
      `Unknown permissions: ${bad.map((g) => `${g.section}/${g.action}`).join(", ")}.`
    );
  }
  return withAncestors(grants);
}
async function assertCustomer(tx, companyId, customerId2) {
  if (customerId2 === null || customerId2 === void 0) return;
  const [c] = await tx.select({ id: customers.id }).from(customers).where(and23(eq23(customers.id, customerId2), eq23(customers.companyId, companyId)));
  if (!c) throw AppError.invalidField("customer_id", "The selected customer is invalid.");
}
async function saveRole(db, auth, body) {
  const actor = auth.user;
  const grants = grantsOf(body);
  const after = makeGrantSet(grants);
  return db.transaction(async (tx) => {
    await assertCustomer(tx, actor.companyId, body.customer_id);
    let id = body.id;
    let before = null;
    if (id) {
      const role2 = await lockRole(tx, actor.companyId, id);
      const held = await loadGrants(tx, id);
      assertRoleChange(auth, { roleId: id, before: makeGrantSet(held, role2.all_permissions), after });
      if (role2.all_permissions) throw AppError.precondition("The administrator role always holds every permission.");
      before = { role: role2, grants: held };
      await tx.update(roles).set({ name: body.name, customerId: body.customer_id ?? null, updatedAt: /* @__PURE__ */ new Date() }).where(eq23(roles.id, id));
      await tx.delete(rolePermissions).where(eq23(rolePermissions.roleId, id));
    } else {
      assertMayGiveRole(auth, after);
      const [created] = await tx.insert(roles).values({ companyId: actor.companyId, name: body.name, customerId: body.customer_id ?? null }).returning({ id: roles.id });
      id = created?.id;
    }
    if (!id) throw new AppError("internal", "Role was not saved");
    if (grants.length > 0) {
      await tx.insert(rolePermissions).values(grants.map((g) => ({ roleId: id, sectionId: g.section, actionId: g.action })));
    }
    const role = await getRole(tx, actor.companyId, id);
    await writeAudit(tx, {
      actor,
      entity: "roles",
      entityId: id,
      action: before ? "update" : "create",
      before,
      after: { role, grants }
    });
    return role;
  });
}
async function lockRole(tx, companyId, id) {
  const [locked] = await tx.select({ id: roles.id }).from(roles).where(and23(eq23(roles.id, id), eq23(roles.companyId, companyId))).for("update");
  if (!locked) throw AppError.notFound("The role was not found.");
  return getRole(tx, companyId, id);
}
async function deleteRole(db, auth, id) {
  await db.transaction(async (tx) => {
    const role = await lockRole(tx, auth.user.companyId, id);
    const grants = await loadGrants(tx, id);
    assertRoleChange(auth, { roleId: id, before: makeGrantSet(grants, role.all_permissions), after: null });
    if (role.all_permissions) throw AppError.precondition("The administrator role cannot be deleted.");
    if (role.users_count > 0) {
      throw AppError.precondition(
        `The role is assigned to ${role.users_count} user(s); assign them another role first.`
      );
    }
    await tx.delete(roles).where(eq23(roles.id, id));
    await writeAudit(tx, {
      actor: auth.user,
      entity: "roles",
      entityId: id,
      action: "delete",
      before: { role, grants }
    });
  });
}
async function assignRole(db, auth, id, userIds) {
  const actor = auth.user;
  return db.transaction(async (tx) => {
    await lockRole(tx, actor.companyId, id);
    const before = await lockUsers(tx, actor.companyId, [...new Set(userIds)]);
    if (before.length !== new Set(userIds).size)
      throw AppError.invalidField("user_ids", "The selected user is invalid.");
    await assertUserChange(
      tx,
      auth,
      before.map((user) => ({ user, roleId: id }))
    );
    await tx.update(users).set({ permissionRoleId: id, updatedAt: /* @__PURE__ */ new Date() }).where(inArray9(users.id, userIds));
    for (const u of before) {
      await writeAudit(tx, {
        actor,
        entity: "users",
        entityId: u.id,
        action: "assign-role",
        before: { permission_role_id: u.permissionRoleId },
        after: { permission_role_id: id }
      });
    }
    return before.length;
  });
}
async function listCustomersForRoles(db, companyId) {
  return db.select({ id: customers.id, name: customers.name }).from(customers).where(eq23(customers.companyId, companyId)).orderBy(asc9(customers.name));
}
var roleColumns, emptyTree;
var init_roles_service = __esm({
  "src/modules/roles/roles.service.ts"() {
    "use strict";
    init_src();
    init_audit();
    init_auth_table();
    init_session_repository();
    init_errors2();
    init_customers();
    init_roles_rules();
    roleColumns = {
      id: roles.id,
      name: roles.name,
      all_permissions: roles.allPermissions,
      customer_id: roles.customerId,
      customer: customers.name,
      users_count: sql41`(select count(*)::int from ${users} where ${users.permissionRoleId} = ${roles.id})`
    };
    emptyTree = () => buildPermissionTree(makeGrantSet([]), PERMISSION_CATALOGUE);
  }
});

// src/modules/roles/roles.routes.ts
import { z as z44 } from "zod";
var IdParams12, can8, rolesRoutes;
var init_roles_routes = __esm({
  "src/modules/roles/roles.routes.ts"() {
    "use strict";
    init_src();
    init_roles_contract();
    init_guard();
    init_errors2();
    init_roles_service();
    IdParams12 = z44.object({ id: z44.coerce.number().int().positive() });
    can8 = (action) => ({ section: SECTION.Roles, action });
    rolesRoutes = {
      name: "roles",
      register(app2, { database: { db } }) {
        const tags = ["Permissions and roles"];
        app2.get("/permission", {
          config: { access: can8(ACTION.VIEW) },
          schema: { tags, response: { 200: RoleListResponseSchema } },
          handler: async (req) => ({ rows: await listRoles(db, caller(req)) })
        });
        app2.get("/permission/create", {
          config: { access: can8(ACTION.CREATE) },
          schema: { tags, response: { 200: RoleFormResponseSchema } },
          handler: async () => ({ all_permissions: emptyTree() })
        });
        for (const url of ["/permission", "/permission/create"]) {
          app2.post(url, {
            config: { access: { anyOf: [can8(ACTION.CREATE), can8(ACTION.EDIT)] } },
            schema: { tags, body: RoleSaveBodySchema, response: { 200: RoleSaveResponseSchema } },
            handler: async (req) => {
              const { grants } = caller(req);
              const needed = req.body.id ? ACTION.EDIT : ACTION.CREATE;
              if (!can(grants, can8(needed))) throw AppError.forbidden();
              return { message: MSG.savingSuccess, role: await saveRole(db, caller(req), req.body) };
            }
          });
        }
        app2.get("/permission/:id/edit", {
          config: { access: can8(ACTION.EDIT) },
          schema: { tags, params: IdParams12, response: { 200: RoleEditResponseSchema } },
          handler: (req) => roleForEdit(db, caller(req).user.companyId, req.params.id)
        });
        app2.put("/permission/:id", {
          config: { access: can8(ACTION.EDIT) },
          schema: {
            tags,
            params: IdParams12,
            body: RoleSaveBodySchema.omit({ id: true }),
            response: { 200: RoleSaveResponseSchema }
          },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            role: await saveRole(db, caller(req), { ...req.body, id: req.params.id })
          })
        });
        app2.delete("/permission/:id", {
          config: { access: can8(ACTION.DELETE) },
          schema: { tags, params: IdParams12, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteRole(db, caller(req), req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
        app2.post("/permission/:id/assign", {
          config: { access: can8(ACTION.EDIT) },
          schema: {
            tags,
            params: IdParams12,
            body: z44.object({ user_ids: z44.array(z44.number().int().positive()).min(1, "Choose at least one user.") }),
            response: { 200: z44.object({ message: z44.string(), assigned: z44.number().int() }) }
          },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            assigned: await assignRole(db, caller(req), req.params.id, req.body.user_ids)
          })
        });
        app2.post("/sub_customer", {
          config: { access: can8(ACTION.VIEW) },
          schema: { tags, body: SubCustomerBodySchema.optional(), response: { 200: SubCustomerResponseSchema } },
          handler: async (req) => {
            const auth = caller(req);
            const { companyId } = auth.user;
            return {
              roles: await listRoles(db, auth, req.body?.customer_id ?? null),
              customers: await listCustomersForRoles(db, companyId)
            };
          }
        });
      }
    };
  }
});

// ../shared/src/modules/schedules/schedules.contract.ts
import { z as z45 } from "zod";
var SCHEDULE_LOAD_STATUSES, SCHEDULE_LOAD_STATUS_LABELS, SCHEDULE_MSG, ScheduleRowSchema, ScheduleLoadSchema, ScheduleActionSchema, ScheduleDetailSchema, ScheduleFileSchema, ScheduleResponseSchema, FactoringOptionSchema, EligibleLoadSchema, ScheduleFormOptionsSchema, ScheduleFormSchema, ScheduleSavedSchema, ScheduleSendBodySchema, ScheduleActionBodySchema, ScheduleLoadBodySchema, ScheduleLoadSavedSchema, ScheduleLinkSchema;
var init_schedules_contract = __esm({
  "../shared/src/modules/schedules/schedules.contract.ts"() {
    "use strict";
    init_money2();
    SCHEDULE_LOAD_STATUSES = ["applied", "not_processed"];
    SCHEDULE_LOAD_STATUS_LABELS = {
      applied: "Applied",
      not_processed: "Not processed"
    };
    SCHEDULE_MSG = {
      loadNotEligible: "A chosen load is not delivered, not factored, has no PPW or is on another schedule.",
      noLoads: "Choose at least one load.",
      loadNotOnSchedule: "This load is not on a schedule.",
      noEmails: "Enter at least one e-mail address.",
      badEmail: "Enter valid e-mail addresses, separated by commas."
    };
    ScheduleRowSchema = z45.object({
      id: z45.number().int(),
      create_at: z45.string(),
      created_by: z45.string().nullable(),
      name: z45.string(),
      factoring: z45.string().nullable(),
      load_count: z45.number().int(),
      applied_load: z45.number().int(),
      not_processed: z45.number().int(),
      gross: z45.number(),
      amount: z45.number()
    });
    ScheduleLoadSchema = z45.object({
      load_id: z45.number().int(),
      customer: z45.string().nullable(),
      broker: z45.string().nullable(),
      broker_number: z45.string().nullable(),
      delivery_date: z45.string().nullable(),
      gross: z45.number(),
      expected_factoring: z45.number(),
      amount_factoring: z45.number().nullable(),
      status: z45.enum(SCHEDULE_LOAD_STATUSES),
      processed_at: z45.string().nullable()
    });
    ScheduleActionSchema = z45.object({
      id: z45.number().int(),
      action_text: z45.string(),
      created_by: z45.string().nullable(),
      created_at: z45.string()
    });
    ScheduleDetailSchema = ScheduleRowSchema.extend({
      factoring_company_id: z45.number().int(),
      factoring_percent: z45.number(),
      factoring_email: z45.string().nullable(),
      sent_at: z45.string().nullable(),
      expected: z45.number(),
      loads: z45.array(ScheduleLoadSchema),
      actions: z45.array(ScheduleActionSchema)
    });
    ScheduleFileSchema = z45.object({
      id: z45.number().int(),
      load_id: z45.number().int().nullable(),
      category: z45.string().nullable(),
      name: z45.string(),
      mime: z45.string(),
      url: z45.string(),
      created_at: z45.string()
    });
    ScheduleResponseSchema = z45.object({
      schedule: ScheduleDetailSchema,
      load_files: z45.array(ScheduleFileSchema)
    });
    FactoringOptionSchema = z45.object({
      id: z45.number().int(),
      name: z45.string(),
      percent: z45.number(),
      email: z45.string().nullable()
    });
    EligibleLoadSchema = z45.object({
      load_id: z45.number().int(),
      customer: z45.string().nullable(),
      broker: z45.string().nullable(),
      broker_number: z45.string().nullable(),
      delivery_date: z45.string().nullable(),
      gross: z45.number(),
      factoring_company_id: z45.number().int().nullable()
    });
    ScheduleFormOptionsSchema = z45.object({
      factoring: z45.array(FactoringOptionSchema),
      loads: z45.array(EligibleLoadSchema),
      schedule: z45.object({
        id: z45.number().int(),
        name: z45.string(),
        factoring_company_id: z45.number().int(),
        load_ids: z45.array(z45.number().int())
      }).nullable()
    });
    ScheduleFormSchema = z45.object({
      name: z45.string().trim().min(1, "The name is required.").max(120, "The name may not be greater than 120 characters."),
      factoring_company_id: z45.coerce.number({ message: "Choose a factoring company." }).int().positive("Choose a factoring company."),
      load_ids: z45.array(z45.coerce.number().int().positive()).min(1, SCHEDULE_MSG.noLoads)
    });
    ScheduleSavedSchema = z45.object({ message: z45.string(), schedule: ScheduleDetailSchema });
    ScheduleSendBodySchema = z45.object({
      emails: z45.union([z45.array(z45.string()), z45.string()]).transform((v) => (Array.isArray(v) ? v : v.split(/[,;\s]+/)).map((e) => e.trim().toLowerCase()).filter(Boolean)).pipe(z45.array(z45.email(SCHEDULE_MSG.badEmail)).min(1, SCHEDULE_MSG.noEmails).max(20, "At most 20 addresses.")),
      message: z45.string().trim().max(2e3, "The message may not be greater than 2000 characters.").optional().default("")
    });
    ScheduleActionBodySchema = z45.object({
      action_text: z45.string().trim().min(1, "The action text is required.").max(1e3, "The action text may not be greater than 1000 characters.")
    });
    ScheduleLoadBodySchema = z45.object({
      amount_factoring: moneySchema({ max: 1e7 }),
      status: z45.enum(SCHEDULE_LOAD_STATUSES, { message: "Choose Applied or Not processed." })
    });
    ScheduleLoadSavedSchema = z45.object({
      message: z45.string(),
      load: ScheduleLoadSchema,
      /** The short payment created or updated when factoring paid less than expected. */
      short_payment_id: z45.number().int().nullable()
    });
    ScheduleLinkSchema = z45.object({ link: z45.string() });
  }
});

// src/modules/short-payments/load-schedule.ts
function provideLoadSchedule(fn) {
  lookup = fn;
}
function findLoadSchedule(db, companyId, loadId) {
  if (!lookup) throw new Error("No load schedule lookup: the schedules module registers it with its routes");
  return lookup(db, companyId, loadId);
}
var lookup;
var init_load_schedule = __esm({
  "src/modules/short-payments/load-schedule.ts"() {
    "use strict";
    lookup = null;
  }
});

// ../shared/src/modules/short-payments/short-payments.contract.ts
import { z as z46 } from "zod";
var SHORT_PAYMENT_STATUSES, SHORT_PAYMENT_QUIET_STATUSES, SHORT_PAYMENT_AGE, SHORT_PAYMENT_HIGHLIGHTS, SHORT_PAYMENT_MSG, ShortPaymentRowSchema, ShortPaymentFormSchema, ShortPaymentSchema, ShortPaymentSavedSchema, ShortPaymentEditSchema;
var init_short_payments_contract = __esm({
  "../shared/src/modules/short-payments/short-payments.contract.ts"() {
    "use strict";
    init_dates();
    init_money2();
    SHORT_PAYMENT_STATUSES = [
      "New",
      "In progress",
      "Complete",
      "Inactive customer",
      "Processed by customer"
    ];
    SHORT_PAYMENT_QUIET_STATUSES = [
      "Complete",
      "Inactive customer",
      "Processed by customer"
    ];
    SHORT_PAYMENT_AGE = { from: 30, to: 60 };
    SHORT_PAYMENT_HIGHLIGHTS = {
      "age-30-60": "rgba(250, 176, 5, 0.22)",
      "age-over-60": "rgba(250, 82, 82, 0.28)"
    };
    SHORT_PAYMENT_MSG = {
      notShort: "The amount is not below the expected factoring amount.",
      exists: "This load already has a short payment.",
      noLoad: "The load was not found."
    };
    ShortPaymentRowSchema = z46.object({
      id: z46.number().int(),
      load_id: z46.number().int(),
      customer: z46.string().nullable(),
      broker: z46.string().nullable(),
      factoring_name: z46.string().nullable(),
      gross: z46.number(),
      amount_factoring: z46.number(),
      debt: z46.number(),
      processed_date: z46.string().nullable(),
      age: z46.number().int().nullable(),
      actions: z46.string().nullable(),
      status: z46.string(),
      highlight: z46.string().nullable(),
      color: z46.string().nullable()
    });
    ShortPaymentFormSchema = z46.object({
      load_id: z46.coerce.number({ message: "Enter the load number." }).int().positive("Enter the load number."),
      /** Dollars, parsed to cents. */
      amount_factoring: moneySchema({ max: 1e7 }),
      processed_date: dateSchema(),
      status: z46.enum(SHORT_PAYMENT_STATUSES, { message: "Choose a status." }),
      actions: z46.string().trim().max(1e3, "The actions may not be greater than 1000 characters.").default("")
    });
    ShortPaymentSchema = ShortPaymentRowSchema.extend({
      schedule_id: z46.number().int().nullable(),
      factoring_company_id: z46.number().int().nullable(),
      expected_factoring: z46.number()
    });
    ShortPaymentSavedSchema = z46.object({ message: z46.string(), short_payment: ShortPaymentSchema });
    ShortPaymentEditSchema = z46.object({
      short_payment: ShortPaymentSchema,
      statuses: z46.array(z46.string())
    });
  }
});

// src/modules/short-payments/short-payments.list.ts
import { sql as sql42 } from "drizzle-orm";
var age, quiet, band, values, shortPaymentsList;
var init_short_payments_list = __esm({
  "src/modules/short-payments/short-payments.list.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_short_payments_contract();
    init_define_list();
    age = sql42`((now() at time zone ${COMPANY_TIME_ZONE_DEFAULT})::date - short_payments.processed_date)`;
    quiet = sql42.join(
      SHORT_PAYMENT_QUIET_STATUSES.map((s) => sql42`${s}`),
      sql42`, `
    );
    band = (pick) => sql42`case when short_payments.status in (${quiet}) or short_payments.processed_date is null then null
    when ${age} > ${SHORT_PAYMENT_AGE.to} then ${pick("age-over-60")}
    when ${age} >= ${SHORT_PAYMENT_AGE.from} then ${pick("age-30-60")} else null end`;
    values = (list2) => sql42`select v as value, v as label from (values ${sql42.join(
      list2.map((v) => sql42`(${v})`),
      sql42`, `
    )}) t(v)`;
    shortPaymentsList = defineList({
      key: "short-payments",
      title: "Short payments",
      section: SECTION.ShortPayments,
      from: sql42`short_payments`,
      rowKey: sql42`short_payments.id`,
      joins: {
        load: sql42`left join loads on loads.id = short_payments.load_id`,
        customer: sql42`left join customers on customers.id = loads.customer_id`,
        broker: sql42`left join brokers on brokers.id = loads.broker_id`,
        factoring: sql42`left join factoring_companies on factoring_companies.id = short_payments.factoring_company_id`
      },
      base: (user) => sql42`short_payments.company_id = ${user.companyId}${user.customerId ? sql42` and short_payments.load_id in (select id from loads where customer_id = ${user.customerId})` : sql42``}`,
      defaultSort: { sort: "processed_date", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql42`short_payments.id`, filter: "number", data: true },
        {
          id: "load_id",
          title: "Load",
          sql: sql42`short_payments.load_id`,
          filter: "number",
          footer: "count",
          align: "left"
        },
        {
          id: "customer",
          title: "Customer",
          sql: sql42`customers.name`,
          filterSql: sql42`loads.customer_id`,
          filter: "list",
          footer: "unique",
          search: true,
          joins: ["load", "customer"],
          clip: 30
        },
        {
          id: "broker",
          title: "Broker",
          sql: sql42`brokers.name`,
          filterSql: sql42`loads.broker_id`,
          filter: "list",
          search: true,
          joins: ["load", "broker"],
          clip: 30
        },
        {
          id: "factoring_name",
          title: "Factoring",
          sql: sql42`factoring_companies.name`,
          filterSql: sql42`short_payments.factoring_company_id`,
          filter: "list",
          joins: ["factoring"],
          clip: 30
        },
        {
          id: "gross",
          title: "Gross",
          sql: sql42`short_payments.gross_cents`,
          filter: "number",
          footer: "sum",
          dollar: true
        },
        {
          id: "amount_factoring",
          title: "Factoring paid",
          sql: sql42`short_payments.amount_factoring_cents`,
          filter: "number",
          footer: "sum",
          dollar: true
        },
        { id: "debt", title: "Debt", sql: sql42`short_payments.debt_cents`, filter: "number", footer: "sum", dollar: true },
        {
          id: "processed_date",
          title: "Processed",
          sql: sql42`to_char(short_payments.processed_date, 'YYYY-MM-DD')`,
          filterSql: sql42`short_payments.processed_date`,
          sortSql: sql42`short_payments.processed_date`,
          filter: "date",
          dateType: "date"
        },
        { id: "age", title: "Age (days)", sql: age, filter: "number", align: "right" },
        { id: "actions", title: "Actions", sql: sql42`short_payments.actions`, filter: "note", search: true, clip: 40 },
        {
          id: "status",
          title: "Status",
          sql: sql42`short_payments.status`,
          filter: "list",
          options: values(SHORT_PAYMENT_STATUSES)
        },
        { id: "highlight", title: "Highlight", sql: band((b) => b), data: true },
        { id: "color", title: "Colour", sql: band((b) => SHORT_PAYMENT_HIGHLIGHTS[b]), data: true }
      ]
    });
  }
});

// src/modules/short-payments/short-payments.table.ts
import { bigint as bigint9, date as date10, index as index19, integer as integer22, pgTable as pgTable23, serial as serial22, text as text24, timestamp as timestamp21 } from "drizzle-orm/pg-core";
var shortPayments;
var init_short_payments_table = __esm({
  "src/modules/short-payments/short-payments.table.ts"() {
    "use strict";
    shortPayments = pgTable23(
      "short_payments",
      {
        id: serial22().primaryKey(),
        companyId: integer22().notNull(),
        loadId: integer22().notNull(),
        scheduleId: integer22(),
        factoringCompanyId: integer22(),
        grossCents: bigint9({ mode: "number" }).notNull(),
        amountFactoringCents: bigint9({ mode: "number" }).notNull(),
        debtCents: bigint9({ mode: "number" }).notNull(),
        processedDate: date10(),
        /** New, In progress, Complete, Inactive customer, Processed by customer */
        status: text24().notNull().default("New"),
        actions: text24(),
        createdBy: integer22(),
        createdAt: timestamp21({ withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp21({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index19("short_payments_company_idx").on(t.companyId, t.processedDate)]
    );
  }
});

// src/modules/short-payments/short-payments.service.ts
import { and as and24, eq as eq24, ne as ne5, sql as sql43 } from "drizzle-orm";
async function getShortPayment(db, user, id) {
  const compiled = compileList(shortPaymentsList, user, { filters: { id: { op: "eq", value: id } } });
  const [row] = await selectPage(db, shortPaymentsList, compiled, { limit: 1, offset: 0 });
  if (!row) throw AppError.notFound();
  const [rec] = await db.select().from(shortPayments).where(eq24(shortPayments.id, id));
  if (!rec) throw AppError.notFound();
  return {
    ...row,
    schedule_id: rec.scheduleId,
    factoring_company_id: rec.factoringCompanyId,
    expected_factoring: toDollars(rec.amountFactoringCents + rec.debtCents)
  };
}
async function loadTerms(db, user, loadId) {
  const [load] = await db.select({ id: loads.id, grossCents: loads.grossCents, customerId: loads.customerId }).from(loads).where(and24(eq24(loads.id, loadId), eq24(loads.companyId, user.companyId)));
  if (!load) throw AppError.invalidField("load_id", SHORT_PAYMENT_MSG.noLoad);
  const onSchedule = await findLoadSchedule(db, user.companyId, loadId);
  let factoringCompanyId = onSchedule?.factoringCompanyId ?? null;
  if (factoringCompanyId === null && load.customerId !== null) {
    const [c] = await db.select({ id: customers.factoringCompanyId }).from(customers).where(eq24(customers.id, load.customerId));
    factoringCompanyId = c?.id ?? null;
  }
  let percentBp = 0;
  if (factoringCompanyId !== null) {
    const [f] = await db.select({ percentBp: factoringCompanies.percentBp }).from(factoringCompanies).where(eq24(factoringCompanies.id, factoringCompanyId));
    percentBp = f?.percentBp ?? 0;
  }
  return { load, scheduleId: onSchedule?.scheduleId ?? null, factoringCompanyId, percentBp };
}
async function findRecord3(db, user, id) {
  const [rec] = await db.select().from(shortPayments).where(and24(eq24(shortPayments.id, id), eq24(shortPayments.companyId, user.companyId)));
  if (!rec) throw AppError.notFound();
  return rec;
}
async function columnsOf9(db, user, form, exceptId) {
  const terms = await loadTerms(db, user, form.load_id);
  const grossCents = Number(terms.load.grossCents);
  const expected = expectedFactoringCents(grossCents, terms.percentBp);
  const amountCents = form.amount_factoring;
  if (amountCents >= expected) throw AppError.invalidField("amount_factoring", SHORT_PAYMENT_MSG.notShort);
  const [other] = await db.select({ id: shortPayments.id }).from(shortPayments).where(
    and24(
      eq24(shortPayments.companyId, user.companyId),
      eq24(shortPayments.loadId, form.load_id),
      exceptId ? ne5(shortPayments.id, exceptId) : void 0
    )
  );
  if (other) throw AppError.invalidField("load_id", SHORT_PAYMENT_MSG.exists);
  return {
    loadId: form.load_id,
    scheduleId: terms.scheduleId,
    factoringCompanyId: terms.factoringCompanyId,
    grossCents,
    amountFactoringCents: amountCents,
    debtCents: expected - amountCents,
    processedDate: form.processed_date,
    status: form.status,
    actions: form.actions || null
  };
}
async function createShortPayment(db, user, form) {
  const values2 = await columnsOf9(db, user, form);
  const id = await db.transaction(async (tx) => {
    const [rec] = await tx.insert(shortPayments).values({ companyId: user.companyId, createdBy: user.id, ...values2 }).returning();
    if (!rec) throw new AppError("internal", "Short payment not created");
    await writeAudit(tx, {
      actor: actorOf10(user),
      entity: "short_payment",
      entityId: rec.id,
      action: "create",
      after: rec
    });
    return rec.id;
  });
  return { message: MSG.savingSuccess, short_payment: await getShortPayment(db, user, id) };
}
async function updateShortPayment(db, user, id, form) {
  const before = await findRecord3(db, user, id);
  const values2 = await columnsOf9(db, user, form, id);
  await db.transaction(async (tx) => {
    const [rec] = await tx.update(shortPayments).set({ ...values2, updatedAt: /* @__PURE__ */ new Date() }).where(and24(eq24(shortPayments.id, id), eq24(shortPayments.companyId, user.companyId))).returning();
    await writeAudit(tx, {
      actor: actorOf10(user),
      entity: "short_payment",
      entityId: id,
      action: "update",
      before,
      after: rec
    });
  });
  return { message: MSG.savingSuccess, short_payment: await getShortPayment(db, user, id) };
}
async function deleteShortPayment(db, user, id) {
  const before = await findRecord3(db, user, id);
  await db.transaction(async (tx) => {
    await tx.delete(shortPayments).where(eq24(shortPayments.id, id));
    await writeAudit(tx, { actor: actorOf10(user), entity: "short_payment", entityId: id, action: "delete", before });
  });
  return { message: MSG.removalSuccess };
}
async function editShortPayment(db, user, id) {
  return { short_payment: await getShortPayment(db, user, id), statuses: [...SHORT_PAYMENT_STATUSES] };
}
async function recordFactoringAmount(tx, opts) {
  const { user } = opts;
  const expected = expectedFactoringCents(opts.grossCents, opts.percentBp);
  const [existing] = await tx.select().from(shortPayments).where(and24(eq24(shortPayments.companyId, user.companyId), eq24(shortPayments.loadId, opts.loadId))).for("update");
  const short = opts.amountCents < expected;
  if (!existing && !short) return null;
  const values2 = {
    scheduleId: opts.scheduleId,
    factoringCompanyId: opts.factoringCompanyId,
    grossCents: opts.grossCents,
    amountFactoringCents: opts.amountCents,
    debtCents: short ? expected - opts.amountCents : 0
  };
  if (!existing) {
    const [rec2] = await tx.insert(shortPayments).values({
      companyId: user.companyId,
      loadId: opts.loadId,
      processedDate: opts.processedDate,
      createdBy: user.id,
      ...values2
    }).returning();
    if (!rec2) throw new AppError("internal", "Short payment not created");
    await writeAudit(tx, {
      actor: actorOf10(user),
      entity: "short_payment",
      entityId: rec2.id,
      action: "create",
      after: rec2
    });
    return rec2.id;
  }
  const [rec] = await tx.update(shortPayments).set({
    ...values2,
    processedDate: opts.processedDate,
    ...short ? {} : { status: "Complete" },
    updatedAt: sql43`now()`
  }).where(eq24(shortPayments.id, existing.id)).returning();
  await writeAudit(tx, {
    actor: actorOf10(user),
    entity: "short_payment",
    entityId: existing.id,
    action: "update",
    before: existing,
    after: rec
  });
  return existing.id;
}
var expectedFactoringCents, actorOf10;
var init_short_payments_service = __esm({
  "src/modules/short-payments/short-payments.service.ts"() {
    "use strict";
    init_src();
    init_short_payments_contract();
    init_money();
    init_audit();
    init_errors2();
    init_run_list();
    init_customers();
    init_factoring();
    init_trips();
    init_load_schedule();
    init_short_payments_list();
    init_short_payments_table();
    expectedFactoringCents = (grossCents, percentBp) => Math.round(grossCents * (1e4 - percentBp) / 1e4);
    actorOf10 = (user) => ({ id: user.id, companyId: user.companyId });
  }
});

// src/modules/short-payments/index.ts
var init_short_payments = __esm({
  "src/modules/short-payments/index.ts"() {
    "use strict";
    init_load_schedule();
    init_short_payments_service();
    init_short_payments_table();
  }
});

// src/modules/schedules/schedules.list.ts
import { sql as sql44 } from "drizzle-orm";
var schedulesList;
var init_schedules_list = __esm({
  "src/modules/schedules/schedules.list.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_define_list();
    schedulesList = defineList({
      key: "schedules",
      title: "Schedules",
      section: SECTION.Schedules,
      from: sql44`factoring_schedules`,
      rowKey: sql44`factoring_schedules.id`,
      joins: {
        author: sql44`left join users author on author.id = factoring_schedules.created_by`,
        factoring: sql44`left join factoring_companies on factoring_companies.id = factoring_schedules.factoring_company_id`,
        totals: sql44`cross join lateral (
      select count(*)::int as load_count,
        count(*) filter (where sl.status = 'applied')::int as applied_load,
        count(*) filter (where sl.status <> 'applied')::int as not_processed,
        coalesce(sum(l.gross_cents), 0)::bigint as gross_cents,
        coalesce(sum(sl.amount_factoring_cents), 0)::bigint as amount_cents
      from schedule_loads sl join loads l on l.id = sl.load_id
      where sl.schedule_id = factoring_schedules.id) totals`
      },
      base: (user) => sql44`factoring_schedules.company_id = ${user.companyId}`,
      defaultSort: { sort: "id", order: "desc" },
      columns: [
        { id: "id", title: "ID", sql: sql44`factoring_schedules.id`, filter: "number", footer: "count", align: "left" },
        {
          id: "create_at",
          title: "Created",
          sql: sql44`to_char(factoring_schedules.created_at at time zone ${COMPANY_TIME_ZONE_DEFAULT}, 'YYYY-MM-DD HH24:MI')`,
          filterSql: sql44`factoring_schedules.created_at`,
          sortSql: sql44`factoring_schedules.created_at`,
          filter: "date",
          dateType: "timestamp"
        },
        {
          id: "created_by",
          title: "Created by",
          sql: sql44`author.name`,
          filterSql: sql44`factoring_schedules.created_by`,
          filter: "list",
          footer: "unique",
          footerSql: sql44`factoring_schedules.created_by`,
          joins: ["author"]
        },
        { id: "name", title: "Name", sql: sql44`factoring_schedules.name`, filter: "note", search: true, clip: 40 },
        {
          id: "factoring",
          title: "Factoring",
          sql: sql44`factoring_companies.name`,
          filterSql: sql44`factoring_schedules.factoring_company_id`,
          filter: "list",
          footer: "unique",
          footerSql: sql44`factoring_schedules.factoring_company_id`,
          search: true,
          joins: ["factoring"],
          clip: 30
        },
        {
          id: "load_count",
          title: "Loads",
          sql: sql44`totals.load_count`,
          filter: "number",
          footer: "sum",
          joins: ["totals"],
          align: "right"
        },
        {
          id: "applied_load",
          title: "Applied",
          sql: sql44`totals.applied_load`,
          filter: "number",
          footer: "sum",
          joins: ["totals"],
          align: "right"
        },
        {
          id: "not_processed",
          title: "Not processed",
          sql: sql44`totals.not_processed`,
          filter: "number",
          footer: "sum",
          joins: ["totals"],
          align: "right"
        },
        {
          id: "gross",
          title: "Gross",
          sql: sql44`totals.gross_cents`,
          filter: "number",
          footer: "sum",
          dollar: true,
          joins: ["totals"]
        },
        {
          id: "amount",
          title: "Factoring paid",
          sql: sql44`totals.amount_cents`,
          filter: "number",
          footer: "sum",
          dollar: true,
          joins: ["totals"]
        }
      ]
    });
  }
});

// src/modules/schedules/schedules.mail.ts
var factoringScheduleMail;
var init_schedules_mail = __esm({
  "src/modules/schedules/schedules.mail.ts"() {
    "use strict";
    init_formats();
    init_templates();
    factoringScheduleMail = defineMailTemplate(
      "factoring-schedule",
      (opts) => ({
        subject: `Schedule of accounts ${opts.schedule} from ${opts.company}`,
        greeting: hello(opts.factoringCompany),
        blocks: [
          `Please find attached schedule ${opts.schedule}: ${opts.invoices} invoice${opts.invoices === 1 ? "" : "s"}, total ${formatMoney(opts.total)}.`
        ],
        signature: signed(opts.company)
      })
    );
  }
});

// src/modules/schedules/schedules.table.ts
import { bigint as bigint10, index as index20, integer as integer23, pgTable as pgTable24, primaryKey as primaryKey4, serial as serial23, text as text25, timestamp as timestamp22 } from "drizzle-orm/pg-core";
var factoringSchedules, scheduleLoads, scheduleActions;
var init_schedules_table = __esm({
  "src/modules/schedules/schedules.table.ts"() {
    "use strict";
    factoringSchedules = pgTable24(
      "factoring_schedules",
      {
        id: serial23().primaryKey(),
        companyId: integer23().notNull(),
        factoringCompanyId: integer23().notNull(),
        name: text25().notNull(),
        sentAt: timestamp22({ withTimezone: true }),
        createdBy: integer23(),
        createdAt: timestamp22({ withTimezone: true }).notNull().defaultNow()
      },
      (t) => [index20("factoring_schedules_company_idx").on(t.companyId, t.createdAt)]
    );
    scheduleLoads = pgTable24(
      "schedule_loads",
      {
        scheduleId: integer23().notNull().references(() => factoringSchedules.id, { onDelete: "cascade" }),
        loadId: integer23().notNull(),
        amountFactoringCents: bigint10({ mode: "number" }),
        status: text25().notNull().default("not_processed"),
        processedAt: timestamp22({ withTimezone: true })
      },
      (t) => [primaryKey4({ columns: [t.scheduleId, t.loadId] }), index20("schedule_loads_load_idx").on(t.loadId)]
    );
    scheduleActions = pgTable24("schedule_actions", {
      id: serial23().primaryKey(),
      scheduleId: integer23().notNull().references(() => factoringSchedules.id, { onDelete: "cascade" }),
      actionText: text25().notNull(),
      createdBy: integer23(),
      createdAt: timestamp22({ withTimezone: true }).notNull().defaultNow()
    });
  }
});

// src/modules/schedules/schedules.service.ts
import { and as and25, eq as eq25, inArray as inArray10, sql as sql45 } from "drizzle-orm";
async function rowsOf10(db, query) {
  return (await db.execute(query)).rows;
}
async function eligibleLoads(db, user, scheduleId) {
  const rows = await rowsOf10(
    db,
    sql45`select loads.id as load_id, customers.name as customer, brokers.name as broker, loads.broker_number,
        to_char(loads.delivery_at at time zone ${TZ9}, 'YYYY-MM-DD') as delivery_date, loads.gross_cents,
        customers.factoring_company_id
      from loads left join customers on customers.id = loads.customer_id left join brokers on brokers.id = loads.broker_id
      where ${eligible(user, scheduleId)}
      order by ${scheduleId ? sql45`(exists (select 1 from schedule_loads s where s.load_id = loads.id)) desc, ` : sql45``}loads.delivery_at desc, loads.id desc
      limit ${ELIGIBLE_LIMIT}`
  );
  return rows.map(({ gross_cents, ...r }) => ({ ...r, load_id: Number(r.load_id), gross: toDollars(gross_cents) }));
}
async function factoringOptions(db, user) {
  const rows = await db.select({
    id: factoringCompanies.id,
    name: factoringCompanies.name,
    percentBp: factoringCompanies.percentBp,
    email: factoringCompanies.email
  }).from(factoringCompanies).where(eq25(factoringCompanies.companyId, user.companyId)).orderBy(factoringCompanies.name);
  return rows.map((f) => ({ id: f.id, name: f.name, percent: f.percentBp / 100, email: f.email }));
}
async function findSchedule(db, user, id) {
  const [s] = await db.select().from(factoringSchedules).where(and25(eq25(factoringSchedules.id, id), eq25(factoringSchedules.companyId, user.companyId)));
  if (!s) throw AppError.notFound();
  return s;
}
async function formOptions2(db, user, id) {
  let schedule = null;
  if (id) {
    const s = await findSchedule(db, user, id);
    const onIt = await db.select({ loadId: scheduleLoads.loadId }).from(scheduleLoads).where(eq25(scheduleLoads.scheduleId, id)).orderBy(scheduleLoads.loadId);
    schedule = { id, name: s.name, factoring_company_id: s.factoringCompanyId, load_ids: onIt.map((r) => r.loadId) };
  }
  const [factoring, loadRows] = await Promise.all([factoringOptions(db, user), eligibleLoads(db, user, id)]);
  return { factoring, loads: loadRows, schedule };
}
async function getSchedule(db, user, id) {
  const s = await findSchedule(db, user, id);
  const compiled = compileList(schedulesList, user, { filters: { id: { op: "eq", value: id } } });
  const [row] = await selectPage(db, schedulesList, compiled, { limit: 1, offset: 0 });
  if (!row) throw AppError.notFound();
  const [f] = await db.select({ percentBp: factoringCompanies.percentBp, email: factoringCompanies.email }).from(factoringCompanies).where(eq25(factoringCompanies.id, s.factoringCompanyId));
  const percentBp = f?.percentBp ?? 0;
  const raw = await rowsOf10(
    db,
    sql45`select loads.id as load_id, customers.name as customer, brokers.name as broker, loads.broker_number,
        to_char(loads.delivery_at at time zone ${TZ9}, 'YYYY-MM-DD') as delivery_date, loads.gross_cents,
        sl.amount_factoring_cents, sl.status,
        to_char(sl.processed_at at time zone ${TZ9}, 'YYYY-MM-DD HH24:MI') as processed_at
      from schedule_loads sl join loads on loads.id = sl.load_id
        left join customers on customers.id = loads.customer_id left join brokers on brokers.id = loads.broker_id
      where sl.schedule_id = ${id} order by loads.delivery_at, loads.id`
  );
  const scheduleLoadsOut = raw.map((r) => ({
    load_id: Number(r.load_id),
    customer: r.customer,
    broker: r.broker,
    broker_number: r.broker_number,
    delivery_date: r.delivery_date,
    gross: toDollars(r.gross_cents),
    expected_factoring: toDollars(expectedFactoringCents(Number(r.gross_cents), percentBp)),
    amount_factoring: r.amount_factoring_cents === null ? null : toDollars(r.amount_factoring_cents),
    status: r.status,
    processed_at: r.processed_at
  }));
  const actions = await rowsOf10(
    db,
    sql45`select a.id, a.action_text, u.name as created_by,
        to_char(a.created_at at time zone ${TZ9}, 'YYYY-MM-DD HH24:MI') as created_at
      from schedule_actions a left join users u on u.id = a.created_by
      where a.schedule_id = ${id} order by a.id desc`
  );
  const expected = raw.reduce((sum, r) => sum + expectedFactoringCents(Number(r.gross_cents), percentBp), 0);
  return {
    ...row,
    factoring_company_id: s.factoringCompanyId,
    factoring_percent: percentBp / 100,
    factoring_email: f?.email ?? null,
    sent_at: s.sentAt ? s.sentAt.toISOString() : null,
    expected: toDollars(expected),
    loads: scheduleLoadsOut,
    actions: actions.map((a) => ({ ...a, id: Number(a.id) }))
  };
}
async function scheduleFiles(db, auth, id) {
  await findSchedule(db, auth.user, id);
  const onIt = await db.select({ loadId: scheduleLoads.loadId }).from(scheduleLoads).where(eq25(scheduleLoads.scheduleId, id));
  const files2 = await tripFiles(
    db,
    auth,
    onIt.map((r) => r.loadId)
  );
  return files2.map((f) => ({
    id: f.id,
    load_id: f.load_id,
    category: f.category,
    name: f.name,
    mime: f.mime,
    url: f.url,
    created_at: f.created_at
  }));
}
async function lockEligible(tx, user, loadIds, scheduleId) {
  const unique = [...new Set(loadIds)];
  const locked = await rowsOf10(
    tx,
    sql45`select loads.id from loads where loads.id in (${ids(unique)}) and ${eligible(user, scheduleId)} for update of loads`
  );
  if (locked.length !== unique.length) throw AppError.invalidField("load_ids", SCHEDULE_MSG.loadNotEligible);
  return unique;
}
async function checkFactoring(db, user, id) {
  const [f] = await db.select({ id: factoringCompanies.id }).from(factoringCompanies).where(and25(eq25(factoringCompanies.id, id), eq25(factoringCompanies.companyId, user.companyId)));
  if (!f) throw AppError.invalidField("factoring_company_id", "Choose a factoring company.");
}
async function createSchedule(db, user, form) {
  await checkFactoring(db, user, form.factoring_company_id);
  const id = await db.transaction(async (tx) => {
    const loadIds = await lockEligible(tx, user, form.load_ids, null);
    const [s] = await tx.insert(factoringSchedules).values({
      companyId: user.companyId,
      factoringCompanyId: form.factoring_company_id,
      name: form.name,
      createdBy: user.id
    }).returning();
    if (!s) throw new AppError("internal", "Schedule not created");
    await tx.insert(scheduleLoads).values(loadIds.map((loadId) => ({ scheduleId: s.id, loadId })));
    await writeAudit(tx, {
      actor: actorOf11(user),
      entity: "schedule",
      entityId: s.id,
      action: "create",
      after: { ...s, load_ids: loadIds }
    });
    return s.id;
  });
  return { message: MSG.savingSuccess, schedule: await getSchedule(db, user, id) };
}
async function updateSchedule(db, user, id, form) {
  await checkFactoring(db, user, form.factoring_company_id);
  await db.transaction(async (tx) => {
    const before = await findSchedule(tx, user, id);
    const loadIds = await lockEligible(tx, user, form.load_ids, id);
    const current2 = await tx.select({ loadId: scheduleLoads.loadId }).from(scheduleLoads).where(eq25(scheduleLoads.scheduleId, id));
    const had = new Set(current2.map((r) => r.loadId));
    const removed = [...had].filter((l) => !loadIds.includes(l));
    const added = loadIds.filter((l) => !had.has(l));
    if (removed.length)
      await tx.delete(scheduleLoads).where(and25(eq25(scheduleLoads.scheduleId, id), inArray10(scheduleLoads.loadId, removed)));
    if (added.length) await tx.insert(scheduleLoads).values(added.map((loadId) => ({ scheduleId: id, loadId })));
    const [after] = await tx.update(factoringSchedules).set({ name: form.name, factoringCompanyId: form.factoring_company_id }).where(eq25(factoringSchedules.id, id)).returning();
    await writeAudit(tx, {
      actor: actorOf11(user),
      entity: "schedule",
      entityId: id,
      action: "update",
      before: { ...before, load_ids: [...had] },
      after: { ...after, load_ids: loadIds }
    });
  });
  return { message: MSG.savingSuccess, schedule: await getSchedule(db, user, id) };
}
async function recordAction(db, user, id, text31) {
  await findSchedule(db, user, id);
  await db.transaction(async (tx) => {
    const [a] = await tx.insert(scheduleActions).values({ scheduleId: id, actionText: text31, createdBy: user.id }).returning();
    await writeAudit(tx, {
      actor: actorOf11(user),
      entity: "schedule_action",
      entityId: a?.id ?? id,
      action: "create",
      after: a
    });
  });
  return { message: MSG.savingSuccess, schedule: await getSchedule(db, user, id) };
}
async function setLoadAmount(db, user, loadId, body) {
  const amountCents = body.amount_factoring;
  const result = await db.transaction(async (tx) => {
    const [on] = await rowsOf10(
      tx,
      sql45`select sl.schedule_id, fs.factoring_company_id, loads.gross_cents, coalesce(fc.percent_bp, 0) as percent_bp
        from schedule_loads sl join factoring_schedules fs on fs.id = sl.schedule_id
          join loads on loads.id = sl.load_id left join factoring_companies fc on fc.id = fs.factoring_company_id
        where sl.load_id = ${loadId} and fs.company_id = ${user.companyId}
        for update of sl`
    );
    if (!on) throw AppError.notFound(SCHEDULE_MSG.loadNotOnSchedule);
    const scheduleId = Number(on.schedule_id);
    const [before] = await tx.select().from(scheduleLoads).where(and25(eq25(scheduleLoads.scheduleId, scheduleId), eq25(scheduleLoads.loadId, loadId)));
    const [after] = await tx.update(scheduleLoads).set({ amountFactoringCents: amountCents, status: body.status, processedAt: /* @__PURE__ */ new Date() }).where(and25(eq25(scheduleLoads.scheduleId, scheduleId), eq25(scheduleLoads.loadId, loadId))).returning();
    await writeAudit(tx, {
      actor: actorOf11(user),
      entity: "schedule_load",
      entityId: `${scheduleId}:${loadId}`,
      action: "update",
      before,
      after
    });
    const shortPaymentId = await recordFactoringAmount(tx, {
      user,
      loadId,
      scheduleId,
      factoringCompanyId: Number(on.factoring_company_id),
      grossCents: Number(on.gross_cents),
      percentBp: Number(on.percent_bp),
      amountCents,
      processedDate: nowInCompanyTimeZone().date
    });
    return { scheduleId, shortPaymentId };
  });
  const schedule = await getSchedule(db, user, result.scheduleId);
  const load = schedule.loads.find((l) => l.load_id === loadId);
  if (!load) throw AppError.notFound();
  return { message: MSG.savingSuccess, load, short_payment_id: result.shortPaymentId };
}
async function companyName2(db, companyId) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq25(companies.id, companyId));
  return row?.name ?? "Backhaul";
}
async function schedulePdf(db, user, id) {
  const s = await getSchedule(db, user, id);
  const pdf = createPdf({
    company: { name: await companyName2(db, user.companyId) },
    title: `Schedule #${s.id}`,
    subtitle: s.name
  });
  pdf.keyValues([
    ["Factoring company", s.factoring ?? ""],
    ["Fee", `${s.factoring_percent.toFixed(2)} %`],
    ["Created", `${s.create_at}${s.created_by ? ` by ${s.created_by}` : ""}`],
    ["Loads", `${s.load_count} (applied ${s.applied_load}, not processed ${s.not_processed})`]
  ]);
  pdf.table({
    columns: [
      { id: "load_id", title: "Load", width: 0.8 },
      { id: "customer", title: "Customer", width: 2.4 },
      { id: "broker", title: "Broker", width: 2.4 },
      { id: "broker_number", title: "Broker #", width: 1.2 },
      { id: "delivery_date", title: "Delivered", width: 1.2 },
      { id: "gross", title: "Gross", width: 1.3, kind: "money" },
      { id: "expected_factoring", title: "Expected", width: 1.3, kind: "money" },
      { id: "amount_factoring", title: "Paid", width: 1.3, kind: "money" },
      { id: "status_label", title: "Status", width: 1.3 }
    ],
    rows: s.loads.map((l) => ({ ...l, status_label: SCHEDULE_LOAD_STATUS_LABELS[l.status] })),
    totals: { gross: s.gross, expected_factoring: s.expected, amount_factoring: s.amount }
  });
  pdf.keyValues([
    ["Total gross", formatMoney(s.gross)],
    ["Expected from factoring", formatMoney(s.expected)],
    ["Paid by factoring", formatMoney(s.amount)]
  ]);
  return { name: `schedule-${s.id}.pdf`, data: await pdf.toBuffer(), schedule: s };
}
async function downloadSchedule(db, files2, user, id) {
  const pdf = await schedulePdf(db, user, id);
  const file = await files2.store({
    companyId: user.companyId,
    entity: "exports",
    entityId: user.id,
    category: "schedule",
    name: pdf.name,
    mime: "application/pdf",
    data: pdf.data,
    uploadedBy: user.id
  });
  return { link: fileLink(file.id) };
}
async function ppwAttachments2(db, files2, user, id) {
  const rows = await rowsOf10(
    db,
    sql45`select f.id from files f join schedule_loads sl on f.entity = 'loads' and f.entity_id = sl.load_id::text
      where sl.schedule_id = ${id} and f.company_id = ${user.companyId} and f.category = 'ppw' order by sl.load_id, f.id`
  );
  return Promise.all(
    rows.map(async (r) => {
      const { file, body } = await files2.read(Number(r.id));
      return { filename: file.originalName, content: body, contentType: file.mime };
    })
  );
}
async function sendSchedule(db, deps, user, id, body) {
  const pdf = await schedulePdf(db, user, id);
  const s = pdf.schedule;
  const mail = factoringScheduleMail({
    company: await companyName2(db, user.companyId),
    factoringCompany: s.factoring ?? "",
    schedule: `#${s.id} ${s.name}`,
    invoices: s.load_count,
    total: s.gross
  });
  const attachments = [
    { filename: pdf.name, content: pdf.data, contentType: "application/pdf" },
    ...await ppwAttachments2(db, deps.files, user, id)
  ];
  const to = body.emails.join(", ");
  const sent = await deps.mailer.send({
    ...mail,
    text: body.message ? `${body.message}

${mail.text}` : mail.text,
    html: body.message ? `<p>${escapeHtml3(body.message)}</p>${mail.html}` : mail.html,
    to,
    attachments,
    companyId: user.companyId,
    createdBy: user.id
  });
  if (sent.status === "failed") throw AppError.precondition(`The schedule was not sent: ${sent.error ?? "mail error"}`);
  await db.transaction(async (tx) => {
    await tx.update(factoringSchedules).set({ sentAt: /* @__PURE__ */ new Date() }).where(eq25(factoringSchedules.id, id));
    const [a] = await tx.insert(scheduleActions).values({
      scheduleId: id,
      actionText: `Sent to ${to}${body.message ? `: ${body.message}` : ""}`,
      createdBy: user.id
    }).returning();
    await writeAudit(tx, {
      actor: actorOf11(user),
      entity: "schedule",
      entityId: id,
      action: "send",
      after: { to, mail_id: sent.id, action: a?.id }
    });
  });
  return { message: MSG.messageSent, mail_id: sent.id, status: sent.status };
}
async function scheduleOfLoad(db, companyId, loadId) {
  const [on] = await db.select({ scheduleId: scheduleLoads.scheduleId, factoringCompanyId: factoringSchedules.factoringCompanyId }).from(scheduleLoads).innerJoin(factoringSchedules, eq25(factoringSchedules.id, scheduleLoads.scheduleId)).where(and25(eq25(scheduleLoads.loadId, loadId), eq25(factoringSchedules.companyId, companyId)));
  return on ?? null;
}
var TZ9, ELIGIBLE_LIMIT, actorOf11, ids, eligible, escapeHtml3;
var init_schedules_service = __esm({
  "src/modules/schedules/schedules.service.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_schedules_contract();
    init_money();
    init_audit();
    init_companies_table();
    init_errors2();
    init_files_service();
    init_run_list();
    init_pdf_document();
    init_factoring();
    init_short_payments();
    init_trips();
    init_schedules_list();
    init_schedules_mail();
    init_schedules_table();
    TZ9 = COMPANY_TIME_ZONE_DEFAULT;
    ELIGIBLE_LIMIT = 500;
    actorOf11 = (user) => ({ id: user.id, companyId: user.companyId });
    ids = (list2) => sql45.join(
      list2.map((i) => sql45`${i}`),
      sql45`, `
    );
    eligible = (user, except) => sql45`loads.company_id = ${user.companyId} and loads.delivery_at <= now() and loads.factoring and loads.ppw = 1
    and not exists (select 1 from schedule_loads sl where sl.load_id = loads.id${except ? sql45` and sl.schedule_id <> ${except}` : sql45``})`;
    escapeHtml3 = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
  }
});

// src/modules/schedules/schedules.routes.ts
import { z as z47 } from "zod";
var IdParams13, can9, schedulesRoutes;
var init_schedules_routes = __esm({
  "src/modules/schedules/schedules.routes.ts"() {
    "use strict";
    init_src();
    init_schedules_contract();
    init_guard();
    init_list_routes();
    init_run_list();
    init_short_payments();
    init_schedules_list();
    init_schedules_service();
    IdParams13 = z47.object({ id: z47.coerce.number().int().positive() });
    can9 = (action) => ({ section: SECTION.Schedules, ...action ? { action } : {} });
    schedulesRoutes = {
      name: "schedules",
      register(app2, { database: { db }, files: files2, mailer }) {
        provideLoadSchedule(scheduleOfLoad);
        const tags = ["Schedules"];
        app2.get("/schedules", {
          config: { access: can9() },
          schema: { tags },
          handler: (req) => runList(db, schedulesList, caller(req).user, {})
        });
        registerListRoute(app2, db, schedulesList, { url: "/schedules/list", tags });
        app2.get("/schedules/create", {
          config: { access: can9(ACTION.CREATE) },
          schema: { tags, response: { 200: ScheduleFormOptionsSchema } },
          handler: (req) => formOptions2(db, caller(req).user, null)
        });
        app2.get("/schedules/:id", {
          config: { access: can9() },
          schema: { tags, params: IdParams13, response: { 200: ScheduleResponseSchema } },
          handler: async (req) => ({
            schedule: await getSchedule(db, caller(req).user, req.params.id),
            load_files: await scheduleFiles(db, caller(req), req.params.id)
          })
        });
        app2.get("/schedules/:id/edit", {
          config: { access: can9(ACTION.EDIT) },
          schema: { tags, params: IdParams13, response: { 200: ScheduleFormOptionsSchema } },
          handler: (req) => formOptions2(db, caller(req).user, req.params.id)
        });
        app2.post("/schedules", {
          config: { access: can9(ACTION.CREATE) },
          schema: { tags, body: ScheduleFormSchema, response: { 200: ScheduleSavedSchema } },
          handler: (req) => createSchedule(db, caller(req).user, req.body)
        });
        app2.put("/schedules/:id", {
          config: { access: can9(ACTION.EDIT) },
          schema: { tags, params: IdParams13, body: ScheduleFormSchema, response: { 200: ScheduleSavedSchema } },
          handler: (req) => updateSchedule(db, caller(req).user, req.params.id, req.body)
        });
        app2.post("/schedules/download/:id", {
          config: { access: can9() },
          schema: { tags, params: IdParams13, response: { 200: ScheduleLinkSchema } },
          handler: (req) => downloadSchedule(db, files2, caller(req).user, req.params.id)
        });
        app2.post("/schedules/send/:id", {
          config: { access: can9(ACTION.SEND) },
          schema: {
            tags,
            params: IdParams13,
            body: ScheduleSendBodySchema,
            response: { 200: z47.object({ message: z47.string(), mail_id: z47.number().int(), status: z47.string() }) }
          },
          handler: (req) => sendSchedule(db, { files: files2, mailer }, caller(req).user, req.params.id, req.body)
        });
        app2.post("/schedules/action/:id", {
          config: { access: can9(ACTION.EDIT) },
          schema: { tags, params: IdParams13, body: ScheduleActionBodySchema, response: { 200: ScheduleSavedSchema } },
          handler: (req) => recordAction(db, caller(req).user, req.params.id, req.body.action_text)
        });
        app2.post("/schedules/load/:id", {
          config: { access: can9(ACTION.EDIT) },
          schema: { tags, params: IdParams13, body: ScheduleLoadBodySchema, response: { 200: ScheduleLoadSavedSchema } },
          handler: (req) => setLoadAmount(db, caller(req).user, req.params.id, req.body)
        });
      }
    };
  }
});

// ../shared/src/modules/search/search.contract.ts
import { z as z48 } from "zod";
var SEARCH_GROUPS, SEARCH_GROUP_LABELS, SEARCH_GROUP_LIMIT, SearchQuerySchema, SearchResultSchema, SearchResponseSchema;
var init_search_contract = __esm({
  "../shared/src/modules/search/search.contract.ts"() {
    "use strict";
    SEARCH_GROUPS = ["trips", "invoices", "customers", "drivers", "trucks"];
    SEARCH_GROUP_LABELS = {
      trips: "Trips and loads",
      invoices: "Invoices",
      customers: "Customers",
      drivers: "Drivers",
      trucks: "Trucks"
    };
    SEARCH_GROUP_LIMIT = 6;
    SearchQuerySchema = z48.object({
      q: z48.string().trim().min(1, "Enter something to search for.").max(100, "Search for at most 100 characters.")
    });
    SearchResultSchema = z48.object({
      group: z48.enum(SEARCH_GROUPS),
      /** The record's id in its list (a load's id for trips and loads). */
      id: z48.number().int(),
      title: z48.string(),
      subtitle: z48.string(),
      /** Trips and loads: the trip the load belongs to (the detail view opens the trip). */
      trip_id: z48.number().int().nullable()
    });
    SearchResponseSchema = z48.object({
      q: z48.string(),
      groups: z48.array(
        z48.object({
          group: z48.enum(SEARCH_GROUPS),
          label: z48.string(),
          /** What this group's search covers (the list's search fields, plus its id). */
          fields: z48.array(z48.string()),
          results: z48.array(SearchResultSchema)
        })
      )
    });
  }
});

// src/modules/search/search.service.ts
import { sql as sql46 } from "drizzle-orm";
async function globalSearch(db, auth, q) {
  const id = idOf(q);
  const groups = await refuseDataErrors(
    Promise.all(
      SEARCH_GROUPS.map(async (group) => {
        const def = findList(GROUPS[group].list);
        if (!def || !can(auth.grants, { section: def.section })) return null;
        const compiled = compileList(def, auth.user, { with_options: false });
        const searched = searchCondition(def, q.replace(/^#/, ""));
        const exact = id === null ? null : GROUPS[group].exact?.(id) ?? sql46`${def.rowKey} = ${id}`;
        const match = [searched?.where, exact].filter((c) => c !== void 0 && c !== null);
        if (!match.length) return null;
        for (const j of searched?.joins ?? []) compiled.joins.add(j);
        const where = sql46`${compiled.where} and (${sql46.join(match, sql46` or `)})`;
        const orderBy = exact ? sql46`(${exact}) desc, ${compiled.orderBy}` : compiled.orderBy;
        const page = { ...compiled, where, orderBy };
        const rows = await selectPage(db, def, page, { limit: SEARCH_GROUP_LIMIT, offset: 0 });
        return {
          group,
          label: SEARCH_GROUP_LABELS[group],
          fields: searchFields(def),
          results: rows.map((r) => ({ group, ...GROUPS[group].result(r) }))
        };
      })
    )
  );
  return { q, groups: groups.filter((g) => g !== null) };
}
var text26, join4, GROUPS, idOf;
var init_search_service = __esm({
  "src/modules/search/search.service.ts"() {
    "use strict";
    init_src();
    init_formats();
    init_search_contract();
    init_define_list();
    init_run_list();
    text26 = (v) => v === null || v === void 0 ? "" : String(v);
    join4 = (...parts) => parts.map(text26).filter(Boolean).join(" \xB7 ");
    GROUPS = {
      trips: {
        list: "trips",
        exact: (id) => sql46`(loads.id = ${id} or loads.trip_id = ${id})`,
        result: (r) => ({
          id: Number(r.load_id),
          trip_id: Number(r.trip_id),
          title: `Trip #${text26(r.trip_id)} \xB7 Load #${text26(r.load_id)}`,
          subtitle: join4(r.routs, r.customer, r.bol ? `BOL ${text26(r.bol)}` : "", r.delivery_datetime)
        })
      },
      invoices: {
        list: "invoice",
        result: (r) => ({
          id: Number(r.invoice_id),
          trip_id: null,
          title: `Invoice #${text26(r.invoice_id)}`,
          subtitle: join4(
            r.customer,
            r.from && r.to ? `${text26(r.from)} \u2192 ${text26(r.to)}` : "",
            formatMoney(r.total_check),
            r.invoice_status
          )
        })
      },
      customers: {
        list: "customers",
        result: (r) => ({
          id: Number(r.id),
          trip_id: null,
          title: text26(r.name),
          subtitle: join4(r.city, r.state, formatPhone(text26(r.phone)))
        })
      },
      drivers: {
        list: "drivers",
        result: (r) => ({
          id: Number(r.id),
          trip_id: null,
          title: text26(r.driver),
          subtitle: join4(formatPhone(text26(r.phone)), r.truck_number ? `truck ${text26(r.truck_number)}` : "")
        })
      },
      trucks: {
        list: "trucks",
        result: (r) => ({
          id: Number(r.id),
          trip_id: null,
          title: `Truck ${text26(r.truck_number)}`,
          subtitle: join4(r.driver, r.trailer_number ? `trailer ${text26(r.trailer_number)}` : "", r.customer)
        })
      }
    };
    idOf = (q) => /^#?\d{1,9}$/.test(q) ? Number(q.replace("#", "")) : null;
  }
});

// src/modules/search/search.routes.ts
var searchRoutes;
var init_search_routes = __esm({
  "src/modules/search/search.routes.ts"() {
    "use strict";
    init_search_contract();
    init_guard();
    init_search_service();
    searchRoutes = {
      name: "search",
      register(app2, { database: { db } }) {
        app2.get("/search", {
          config: { access: "session" },
          schema: { tags: ["Search"], querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } },
          handler: (req) => globalSearch(db, caller(req), req.query.q)
        });
      }
    };
  }
});

// ../shared/src/modules/session/session.contract.ts
import { z as z49 } from "zod";
var LoginBodySchema, LoginResponseSchema, LoginErrorSchema, IsLoginResponseSchema, ProfileSchema, UserResponseSchema, VersionResponseSchema, CompanyIdResponseSchema, ResetBodySchema, RestoreQuerySchema, RestoreCheckResponseSchema, RestoreBodySchema;
var init_session_contract = __esm({
  "../shared/src/modules/session/session.contract.ts"() {
    "use strict";
    init_grants();
    LoginBodySchema = z49.object({
      email: z49.string().trim().min(1, "The email field is required.").email("The email must be a valid email address."),
      password: z49.string().min(1, "The password field is required.")
    });
    LoginResponseSchema = z49.object({
      access_token: z49.string(),
      token_type: z49.literal("Bearer"),
      expires_in: z49.number().int(),
      version: z49.string(),
      version_show: z49.boolean(),
      role: z49.number().int(),
      customers: z49.boolean()
    });
    LoginErrorSchema = z49.object({ error: z49.string() });
    IsLoginResponseSchema = z49.object({
      message: z49.string(),
      permissions: z49.array(PermissionNodeSchema),
      role: z49.number().int(),
      expires_in: z49.number().int(),
      image: z49.string().nullable(),
      customers: z49.boolean()
    });
    ProfileSchema = z49.object({
      id: z49.number().int(),
      name: z49.string(),
      email: z49.string(),
      role: z49.number().int(),
      role_name: z49.string(),
      permission_role: z49.string().nullable(),
      department: z49.string().nullable(),
      department_id: z49.number().int().nullable(),
      image: z49.string().nullable(),
      customer_id: z49.number().int().nullable(),
      customer: z49.string().nullable(),
      company_id: z49.number().int()
    });
    UserResponseSchema = z49.object({ user: ProfileSchema });
    VersionResponseSchema = z49.object({
      version: z49.string(),
      version_show: z49.boolean(),
      description: z49.string()
    });
    CompanyIdResponseSchema = z49.object({ company_id: z49.number().int() });
    ResetBodySchema = z49.object({
      email: z49.string().trim().min(1, "The email field is required.").email("The email must be a valid email address.")
    });
    RestoreQuerySchema = z49.object({ token: z49.string().min(1, "The token field is required.") });
    RestoreCheckResponseSchema = z49.object({ valid: z49.literal(true), email: z49.string() });
    RestoreBodySchema = z49.object({
      token: z49.string().min(1, "The token field is required."),
      password: z49.string().min(8, "The password must be at least 8 characters.").max(200),
      password_confirmation: z49.string()
    }).refine((b) => b.password === b.password_confirmation, {
      message: "The password confirmation does not match.",
      path: ["password_confirmation"]
    });
  }
});

// src/platform/auth/session-cookie.ts
function issueSessionCookie(req, reply, config2, session) {
  if (req.headers[WEB_CLIENT_HEADER] !== WEB_CLIENT_VALUE) return;
  reply.setCookie(SESSION_COOKIE, session.access_token, { ...cookieOptions(req, config2), maxAge: session.expires_in });
}
function clearSessionCookie(req, reply, config2) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req, config2));
}
var cookieOptions;
var init_session_cookie = __esm({
  "src/platform/auth/session-cookie.ts"() {
    "use strict";
    init_src();
    cookieOptions = (req, config2) => ({
      path: "/api",
      httpOnly: true,
      sameSite: "strict",
      secure: req.protocol === "https" || config2.publicUrl.startsWith("https:")
    });
  }
});

// src/platform/auth/login-throttle.ts
import { eq as eq26, sql as sql47 } from "drizzle-orm";
async function takeWindowSlot(db, key, opts) {
  const expired = sql47`${loginAttempts.firstFailureAt} < now() - make_interval(secs => ${opts.windowSeconds})`;
  const [row] = await db.insert(loginAttempts).values({ key, failures: 1 }).onConflictDoUpdate({
    target: loginAttempts.key,
    set: {
      failures: sql47`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
      firstFailureAt: sql47`case when ${expired} then now() else ${loginAttempts.firstFailureAt} end`
    }
  }).returning({
    failures: loginAttempts.failures,
    until: sql47`${loginAttempts.firstFailureAt} + make_interval(secs => ${opts.windowSeconds})`
  });
  if (!row || row.failures <= opts.max) return null;
  return secondsUntil(row.until);
}
async function releaseWindowSlot(db, key) {
  await db.update(loginAttempts).set({ failures: sql47`greatest(${loginAttempts.failures} - 1, 0)` }).where(eq26(loginAttempts.key, key));
}
async function takeAccountTurn(db, key, opts) {
  const fresh = sql47`${loginAttempts.lockedUntil} < now() - ${ACCOUNT_MEMORY}::interval`;
  const failures = sql47`(case when ${fresh} then 1 else ${loginAttempts.failures} + 1 end)`;
  const delay = (n) => sql47`make_interval(secs => case when ${n} >= ${opts.maxFailures}
      then least(${opts.backoffBaseSeconds}::float8 * power(2, ${n} - ${opts.maxFailures}), ${opts.backoffMaxSeconds})
      else 0 end)`;
  const [taken] = await db.insert(loginAttempts).values({ key, failures: 1, lockedUntil: sql47`now() + ${delay(sql47`1`)}` }).onConflictDoUpdate({
    target: loginAttempts.key,
    set: { failures, firstFailureAt: sql47`now()`, lockedUntil: sql47`now() + ${delay(failures)}` },
    where: sql47`${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= now()`
  }).returning({ failures: loginAttempts.failures });
  if (taken) return null;
  const [row] = await db.select({ until: loginAttempts.lockedUntil }).from(loginAttempts).where(eq26(loginAttempts.key, key));
  return secondsUntil(row?.until);
}
async function takeSignInAttempt(db, input, opts) {
  const ipKey = input.ip ? addressKey(input.ip) : null;
  if (ipKey) {
    const wait2 = await takeWindowSlot(db, ipKey, { max: opts.maxFailures * 4, windowSeconds: opts.lockSeconds });
    if (wait2 !== null) throw AppError.tooMany(APP_MSG.tooManyAttempts(Math.ceil(wait2 / 60)), wait2);
  }
  const wait = await takeAccountTurn(db, accountKey(input.email), opts);
  if (wait !== null) {
    if (ipKey) await releaseWindowSlot(db, ipKey);
    throw AppError.tooMany(APP_MSG.tooManyAttempts(Math.ceil(wait / 60)), wait);
  }
}
async function signInSucceeded(db, input) {
  await db.delete(loginAttempts).where(eq26(loginAttempts.key, accountKey(input.email)));
  if (input.ip) await releaseWindowSlot(db, addressKey(input.ip));
}
var ACCOUNT_MEMORY, accountKey, addressKey, secondsUntil;
var init_login_throttle = __esm({
  "src/platform/auth/login-throttle.ts"() {
    "use strict";
    init_src();
    init_errors2();
    init_auth_table();
    ACCOUNT_MEMORY = "1 day";
    accountKey = (email2) => `email:${email2.trim().toLowerCase()}`;
    addressKey = (ip) => `ip:${ip}`;
    secondsUntil = (until) => until ? Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 1e3)) : 1;
  }
});

// src/platform/auth/password.ts
import { hash, verify } from "@node-rs/argon2";
async function verifyPassword(stored, password) {
  if (!stored) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
var OPTIONS, hashPassword, dummyHash;
var init_password = __esm({
  "src/platform/auth/password.ts"() {
    "use strict";
    OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
    hashPassword = (password) => hash(password, OPTIONS);
  }
});

// src/modules/session/session.mail.ts
var passwordResetMail;
var init_session_mail = __esm({
  "src/modules/session/session.mail.ts"() {
    "use strict";
    init_templates();
    passwordResetMail = defineMailTemplate(
      "password-reset",
      (opts) => ({
        subject: "Reset your Backhaul password",
        greeting: hello(opts.name),
        blocks: [
          "Someone asked to reset the password of your Backhaul account. Open this link to choose a new one:",
          { link: opts.link },
          `The link works once and expires in ${opts.minutes} minutes. If you did not ask for it, ignore this message.`
        ]
      }),
      { secret: true }
    );
  }
});

// src/modules/session/session.service.ts
import { and as and26, desc as desc4, eq as eq27, gt as gt2, isNull as isNull5, sql as sql48 } from "drizzle-orm";
async function currentVersion(db) {
  const [row] = await db.select().from(appVersions).orderBy(desc4(appVersions.id)).limit(1);
  return {
    version: row?.version ?? "0.1.0",
    version_show: row?.versionShow ?? false,
    description: row?.description ?? ""
  };
}
async function login(deps, input) {
  const { db, config: config2 } = deps;
  const attempt = { email: input.email, ip: input.ip };
  await takeSignInAttempt(db, attempt, {
    maxFailures: config2.LOGIN_MAX_FAILURES,
    lockSeconds: config2.LOGIN_LOCK_SECONDS,
    backoffBaseSeconds: config2.LOGIN_BACKOFF_BASE_SECONDS,
    backoffMaxSeconds: config2.LOGIN_BACKOFF_MAX_SECONDS
  });
  const [user] = await db.select().from(users).where(and26(sql48`lower(${users.email}) = lower(${input.email.trim()})`, eq27(users.active, true))).limit(1);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) return { error: APP_MSG.wrongCredentials };
  await signInSucceeded(db, attempt);
  const { token, hash: hash2 } = newToken();
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hash2,
    expiresAt: new Date(Date.now() + config2.SESSION_TTL_SECONDS * 1e3),
    ip: input.ip ?? null,
    userAgent: input.userAgent ?? null
  });
  const version = await currentVersion(db);
  return {
    access_token: token,
    token_type: "Bearer",
    expires_in: config2.SESSION_TTL_SECONDS,
    version: version.version,
    version_show: version.version_show,
    role: user.role,
    customers: user.customerId !== null
  };
}
async function logout(db, auth) {
  await db.update(sessions).set({ revokedAt: /* @__PURE__ */ new Date() }).where(eq27(sessions.id, auth.sessionId));
}
function sessionCheck(auth) {
  return {
    message: "Authorized",
    permissions: buildPermissionTree(auth.grants),
    role: auth.user.role,
    expires_in: Math.max(0, Math.floor((auth.expiresAt.getTime() - Date.now()) / 1e3)),
    image: auth.user.image,
    customers: auth.user.customerId !== null
  };
}
async function profile(db, auth) {
  const [row] = await db.select({
    id: users.id,
    name: users.name,
    email: users.email,
    role: users.role,
    permission_role: roles.name,
    department: departments.name,
    department_id: users.departmentId,
    image: users.image,
    customer_id: users.customerId,
    customer: customers.name,
    company_id: users.companyId
  }).from(users).leftJoin(roles, eq27(roles.id, users.permissionRoleId)).leftJoin(departments, eq27(departments.id, users.departmentId)).leftJoin(customers, eq27(customers.id, users.customerId)).where(eq27(users.id, auth.user.id));
  if (!row) throw AppError.unauthorized();
  return { ...row, role_name: ROLE_NUMBER_NAMES[row.role] ?? `Role ${row.role}` };
}
async function requestReset(deps, input) {
  const { db, config: config2, jobs: jobs2 } = deps;
  const email2 = input.email.trim();
  const window = { windowSeconds: config2.RESET_WINDOW_SECONDS };
  const keys = [
    ...input.ip ? [{ key: `reset-ip:${input.ip}`, max: config2.RESET_MAX_PER_ADDRESS }] : [],
    { key: `reset-email:${email2.toLowerCase()}`, max: config2.RESET_MAX_PER_EMAIL }
  ];
  for (const { key, max } of keys) {
    const wait = await takeWindowSlot(db, key, { ...window, max });
    if (wait !== null) throw AppError.tooMany(APP_MSG.tooManyResets(Math.ceil(wait / 60)), wait);
  }
  await jobs2.enqueue(PASSWORD_RESET_JOB, { email: email2 }, { actor: null });
}
async function sendResetLink(deps, email2) {
  const { db, config: config2, mailer } = deps;
  const [user] = await db.select({ id: users.id, name: users.name, email: users.email, companyId: users.companyId }).from(users).where(and26(sql48`lower(${users.email}) = lower(${email2.trim()})`, eq27(users.active, true))).limit(1);
  if (!user) return false;
  const { token, hash: hash2 } = newToken();
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hash2,
    expiresAt: new Date(Date.now() + config2.RESET_TTL_SECONDS * 1e3)
  });
  const mail = passwordResetMail({
    name: user.name,
    link: `${config2.publicUrl}/password/reset/${token}`,
    minutes: Math.round(config2.RESET_TTL_SECONDS / 60)
  });
  await mailer.send({ ...mail, to: user.email, companyId: user.companyId, createdBy: null });
  return true;
}
async function findValidReset(db, token) {
  const [row] = await db.select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email, companyId: users.companyId }).from(passwordResets).innerJoin(users, eq27(users.id, passwordResets.userId)).where(
    and26(
      eq27(passwordResets.tokenHash, hashToken(token)),
      isNull5(passwordResets.usedAt),
      gt2(passwordResets.expiresAt, sql48`now()`)
    )
  ).limit(1);
  if (!row) throw AppError.precondition(APP_MSG.resetInvalid);
  return row;
}
async function checkReset(db, token) {
  const row = await findValidReset(db, token);
  return { valid: true, email: row.email };
}
async function restorePassword(db, token, password) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const row = await findValidReset(tx, token);
    const used = await tx.update(passwordResets).set({ usedAt: /* @__PURE__ */ new Date() }).where(and26(eq27(passwordResets.id, row.id), isNull5(passwordResets.usedAt))).returning({ id: passwordResets.id });
    if (used.length === 0) throw AppError.precondition(APP_MSG.resetInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: /* @__PURE__ */ new Date() }).where(eq27(users.id, row.userId));
    await tx.update(sessions).set({ revokedAt: /* @__PURE__ */ new Date() }).where(and26(eq27(sessions.userId, row.userId), isNull5(sessions.revokedAt)));
    await writeAudit(tx, {
      actor: { id: row.userId, companyId: row.companyId },
      entity: "users",
      entityId: row.userId,
      action: "password-reset",
      after: { reason: "reset link" }
    });
  });
}
var PASSWORD_RESET_JOB;
var init_session_service = __esm({
  "src/modules/session/session.service.ts"() {
    "use strict";
    init_src();
    init_roles_contract();
    init_audit();
    init_auth_table();
    init_login_throttle();
    init_password();
    init_tokens();
    init_companies_table();
    init_errors2();
    init_customers();
    init_session_mail();
    PASSWORD_RESET_JOB = "session.password-reset";
  }
});

// src/modules/session/session.routes.ts
import { z as z50 } from "zod";
var sessionRoutes;
var init_session_routes = __esm({
  "src/modules/session/session.routes.ts"() {
    "use strict";
    init_src();
    init_session_contract();
    init_guard();
    init_session_cookie();
    init_companies_table();
    init_session_service();
    sessionRoutes = {
      name: "session",
      register(app2, deps) {
        const { db } = deps.database;
        const tags = ["Session"];
        deps.jobs.define(PASSWORD_RESET_JOB, async (ctx) => {
          await sendResetLink({ ...deps, db }, ctx.data.email);
        });
        app2.post("/login", {
          config: { access: "public" },
          schema: { tags, body: LoginBodySchema, response: { 200: z50.union([LoginResponseSchema, LoginErrorSchema]) } },
          handler: async (req, reply) => {
            const answer = await login(
              { ...deps, db },
              {
                ...req.body,
                ip: req.ip,
                ...req.headers["user-agent"] ? { userAgent: req.headers["user-agent"] } : {}
              }
            );
            if ("access_token" in answer) issueSessionCookie(req, reply, deps.config, answer);
            return answer;
          }
        });
        app2.post("/isLogin", {
          config: { access: "session" },
          schema: { tags, response: { 200: IsLoginResponseSchema } },
          handler: async (req) => sessionCheck(caller(req))
        });
        app2.post("/logout", {
          config: { access: "session" },
          schema: { tags, response: { 200: MessageBodySchema } },
          handler: async (req, reply) => {
            await logout(db, caller(req));
            clearSessionCookie(req, reply, deps.config);
            return { message: APP_MSG.loggedOut };
          }
        });
        app2.post("/user", {
          config: { access: "session" },
          schema: { tags, response: { 200: UserResponseSchema } },
          handler: async (req) => ({ user: await profile(db, caller(req)) })
        });
        app2.post("/version", {
          config: { access: "public" },
          schema: { tags, response: { 200: VersionResponseSchema } },
          handler: () => currentVersion(db)
        });
        app2.get("/company-id", {
          config: { access: "session" },
          schema: { tags, response: { 200: CompanyIdResponseSchema } },
          handler: async (req) => ({ company_id: caller(req).user.companyId })
        });
        app2.post("/reset", {
          config: { access: "public" },
          schema: { tags, body: ResetBodySchema, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await requestReset({ ...deps, db }, { email: req.body.email, ip: req.ip });
            return { message: APP_MSG.resetSent };
          }
        });
        app2.get("/restore", {
          config: { access: "public" },
          schema: { tags, querystring: RestoreQuerySchema, response: { 200: RestoreCheckResponseSchema } },
          handler: (req) => checkReset(db, req.query.token)
        });
        app2.post("/restore", {
          config: { access: "public" },
          schema: { tags, body: RestoreBodySchema, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await restorePassword(db, req.body.token, req.body.password);
            return { message: APP_MSG.passwordChanged };
          }
        });
        app2.post("/feedback", {
          config: { access: "session" },
          schema: {
            tags,
            body: z50.object({
              message: z50.string().trim().min(1, "The message field is required.").max(5e3),
              page: z50.string().max(500).optional()
            }),
            response: { 200: MessageBodySchema }
          },
          handler: async (req) => {
            const { user } = caller(req);
            await db.insert(feedback).values({
              companyId: user.companyId,
              userId: user.id,
              message: req.body.message,
              page: req.body.page ?? null
            });
            return { message: MSG.feedbackThanks };
          }
        });
      }
    };
  }
});

// src/modules/short-payments/short-payments.routes.ts
import { z as z51 } from "zod";
var IdParams14, can10, shortPaymentsRoutes;
var init_short_payments_routes = __esm({
  "src/modules/short-payments/short-payments.routes.ts"() {
    "use strict";
    init_src();
    init_list_contract();
    init_short_payments_contract();
    init_guard();
    init_list_routes();
    init_list_settings();
    init_run_list();
    init_short_payments_list();
    init_short_payments_service();
    IdParams14 = z51.object({ id: z51.coerce.number().int().positive() });
    can10 = (action) => ({ section: SECTION.ShortPayments, ...action ? { action } : {} });
    shortPaymentsRoutes = {
      name: "short-payments",
      register(app2, { database: { db }, exports }) {
        const tags = ["Short payments"];
        app2.get("/short/payments", {
          config: { access: can10() },
          schema: { tags },
          handler: (req) => runList(db, shortPaymentsList, caller(req).user, {})
        });
        registerListRoute(app2, db, shortPaymentsList, { url: "/short/payments/list", tags });
        app2.post("/short/payments", {
          config: { access: can10(ACTION.CREATE) },
          schema: { tags, body: ShortPaymentFormSchema, response: { 200: ShortPaymentSavedSchema } },
          handler: (req) => createShortPayment(db, caller(req).user, req.body)
        });
        app2.get("/short/payments/:id/edit", {
          config: { access: can10([ACTION.VIEW, ACTION.EDIT]) },
          schema: { tags, params: IdParams14, response: { 200: ShortPaymentEditSchema } },
          handler: (req) => editShortPayment(db, caller(req).user, req.params.id)
        });
        app2.put("/short/payments/:id", {
          config: { access: can10(ACTION.EDIT) },
          schema: { tags, params: IdParams14, body: ShortPaymentFormSchema, response: { 200: ShortPaymentSavedSchema } },
          handler: (req) => updateShortPayment(db, caller(req).user, req.params.id, req.body)
        });
        app2.delete("/short/payments/:id", {
          config: { access: can10(ACTION.DELETE) },
          schema: { tags, params: IdParams14, response: { 200: MessageBodySchema } },
          handler: (req) => deleteShortPayment(db, caller(req).user, req.params.id)
        });
        app2.post("/short/payments/export", {
          config: { access: can10(ACTION.EXPORT) },
          schema: { tags, body: ExportBodySchema, response: { 200: ExportResponseSchema } },
          handler: (req) => exportDefinedList({ db, exports, def: shortPaymentsList, user: caller(req).user, body: req.body })
        });
        app2.post("/short/payments/settings", {
          config: { access: can10() },
          schema: { tags, body: SaveSettingsBodySchema, response: { 200: SaveSettingsResponseSchema } },
          handler: async (req) => {
            const { user } = caller(req);
            if ("reset" in req.body) {
              await resetSettings(db, shortPaymentsList, user.id);
              return { message: MSG.savingSuccess, settings: null };
            }
            const settings = await saveSettings(db, shortPaymentsList, user.id, req.body.settings);
            return { message: MSG.savingSuccess, settings: normalizeSettings(shortPaymentsList, settings) };
          }
        });
      }
    };
  }
});

// src/modules/statistics/customer-reports.list.ts
import { sql as sql49 } from "drizzle-orm";
function reportFrom(user, window) {
  const at = window.type === "PickUp" ? sql49`loads.pickup_at` : sql49`loads.delivery_at`;
  return sql49`(select loads.customer_id, count(*)::int as loads, sum(loads.gross_cents)::bigint as gross_cents,
      sum(loads.mileage_loaded + loads.mileage_empty)::bigint as miles, sum(loads.mileage_empty)::bigint as empty
    from loads where ${tripsScope(user)} and loads.customer_id is not null
      and ${at} >= (${window.from}::date)::timestamp at time zone ${TZ10}
      and ${at} < ((${window.to}::date + 1)::timestamp at time zone ${TZ10})
    group by loads.customer_id) r join customers on customers.id = r.customer_id`;
}
function customerReportsFor(user, window) {
  const options = sql49`select id as value, name as label from customers where company_id = ${user.companyId} order by 2 limit 1000`;
  return {
    ...customerReportsList,
    from: reportFrom(user, window),
    columns: COLUMNS3.map((c) => c.id === "customer" ? { ...c, options } : c)
  };
}
var TZ10, COLUMNS3, customerReportsList;
var init_customer_reports_list = __esm({
  "src/modules/statistics/customer-reports.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    init_trips();
    TZ10 = "America/Chicago";
    COLUMNS3 = [
      { id: "customer_id", title: "ID", sql: sql49`r.customer_id`, filter: "number", footer: "count", align: "left" },
      {
        id: "customer",
        title: "Customer",
        sql: sql49`customers.name`,
        filterSql: sql49`r.customer_id`,
        filter: "list",
        search: true,
        clip: 30
      },
      { id: "email", title: "E-mail", sql: sql49`customers.email`, filter: "note", search: true, clip: 32, hidden: true },
      { id: "loads", title: "Loads", sql: sql49`r.loads`, filter: "number", footer: "sum", align: "right" },
      { id: "gross", title: "Gross", sql: sql49`r.gross_cents`, filter: "number", footer: "sum", dollar: true },
      { id: "mileage_total", title: "Total miles", sql: sql49`r.miles`, filter: "number", footer: "sum", miles: true },
      { id: "mileage_empty", title: "Empty miles", sql: sql49`r.empty`, filter: "number", footer: "sum", miles: true },
      {
        id: "rpm",
        title: "RPM",
        sql: sql49`round(r.gross_cents / 100.0 / nullif(r.miles, 0), 2)::float8`,
        filter: "number",
        align: "right",
        exportKind: "number"
      },
      {
        id: "empty_pct",
        title: "Empty %",
        sql: sql49`round(100.0 * r.empty / nullif(r.miles, 0), 1)::float8`,
        filter: "number",
        align: "right",
        exportKind: "number"
      }
    ];
    customerReportsList = defineList({
      key: "customer-reports",
      title: "Customer reports",
      section: SECTION.Statistics,
      from: sql49`(select null::int as customer_id, 0 as loads, 0::bigint as gross_cents, 0::bigint as miles,
    0::bigint as empty where false) r join customers on customers.id = r.customer_id`,
      rowKey: sql49`r.customer_id`,
      base: () => void 0,
      defaultSort: { sort: "gross", order: "desc" },
      columns: COLUMNS3
    });
  }
});

// src/modules/statistics/safety-statistic.service.ts
import { sql as sql50 } from "drizzle-orm";
async function rowsOf11(db, query) {
  return (await db.execute(query)).rows;
}
function addMonths(month, n) {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
async function safetyStatistic(db, user, opts) {
  const last = opts.date ?? nowInCompanyTimeZone().date.slice(0, 7);
  const first = addMonths(last, -(opts.months - 1));
  const rows = await rowsOf11(
    db,
    sql50`select ${monthOf} as month, loads.customer_id, loads.driver_id from loads
      where ${scope3(user)} and ${deliveredIn(addMonths(first, -1), last)} group by 1, 2, 3`
  );
  const customers2 = /* @__PURE__ */ new Map();
  const drivers2 = /* @__PURE__ */ new Map();
  const add = (map, month2, id) => {
    if (id === null) return;
    const set = map.get(month2) ?? /* @__PURE__ */ new Set();
    set.add(id);
    map.set(month2, set);
  };
  for (const r of rows) {
    add(customers2, r.month, r.customer_id);
    add(drivers2, r.month, r.driver_id);
  }
  const month = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) {
    const now = customers2.get(m) ?? /* @__PURE__ */ new Set();
    const before = customers2.get(addMonths(m, -1)) ?? /* @__PURE__ */ new Set();
    month.push({
      date: m,
      name: monthName(m),
      drivers: drivers2.get(m)?.size ?? 0,
      company: now.size,
      left: [...before].filter((c) => !now.has(c)).length,
      joined: [...now].filter((c) => !before.has(c)).length
    });
  }
  return { month, row: month[month.length - 1] };
}
async function safetyMonth(db, user, date11) {
  const previous = addMonths(date11, -1);
  const [{ row }, customers2] = await Promise.all([
    safetyStatistic(db, user, { date: date11, months: 1 }),
    rowsOf11(
      db,
      sql50`select loads.customer_id, c.name as customer,
          count(*) filter (where ${monthOf} = ${date11})::int as loads,
          count(*) filter (where ${monthOf} = ${previous})::int as before,
          count(distinct loads.driver_id) filter (where ${monthOf} = ${date11})::int as drivers,
          coalesce(sum(loads.gross_cents) filter (where ${monthOf} = ${date11}), 0) as gross,
          to_char(max(loads.delivery_at) at time zone ${TZ11}, 'YYYY-MM-DD') as last_delivery,
          (${`${addMonths(date11, 1)}-01`}::date - 1 - max((loads.delivery_at at time zone ${TZ11})::date))::int as recency_days
        from loads left join customers c on c.id = loads.customer_id
        where ${scope3(user)} and loads.customer_id is not null and ${deliveredIn(previous, date11)}
        group by 1, 2 order by 5 desc, 2`
    )
  ]);
  const rows = customers2.map((c) => ({
    customer_id: c.customer_id,
    customer: c.customer,
    status: c.loads === 0 ? "left" : c.before === 0 ? "new" : "active",
    drivers: c.drivers,
    loads: c.loads,
    gross: Number(c.gross) / 100,
    last_delivery: c.last_delivery,
    recency_days: c.recency_days
  }));
  return { row, rows };
}
var TZ11, monthName, scope3, deliveredIn, monthOf;
var init_safety_statistic_service = __esm({
  "src/modules/statistics/safety-statistic.service.ts"() {
    "use strict";
    init_formats();
    TZ11 = "America/Chicago";
    monthName = (month) => (/* @__PURE__ */ new Date(`${month}-01T00:00:00Z`)).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    scope3 = (user) => sql50`loads.company_id = ${user.companyId}${user.customerId ? sql50` and loads.customer_id = ${user.customerId}` : sql50``}`;
    deliveredIn = (first, last) => sql50`loads.delivery_at >= (${`${first}-01`}::date)::timestamp at time zone ${TZ11}
    and loads.delivery_at < ((${`${addMonths(last, 1)}-01`}::date)::timestamp at time zone ${TZ11})`;
    monthOf = sql50`to_char(loads.delivery_at at time zone ${TZ11}, 'YYYY-MM')`;
  }
});

// src/modules/statistics/statistics.routes.ts
import { z as z52 } from "zod";
function reportRequest(user, body) {
  const { window, request } = resolveWindow(body);
  const filters = { ...request.filters };
  delete filters[DATE_COLUMN.Delivery];
  delete filters[DATE_COLUMN.PickUp];
  return { def: customerReportsFor(user, window), request: { ...request, filters }, window };
}
function exportRoute(app2, deps, opts) {
  app2.post(opts.url, {
    config: { access: opts.access },
    schema: { tags: ["Export"], body: ExportRequestSchema, response: { 200: ExportResponseSchema } },
    handler: async (req) => {
      const { user } = caller(req);
      const { columns: columns2, format, ...rest } = req.body;
      const { def, request } = opts.build(user, rest);
      const { limit: _l, page: _p, with_options: _w, ...body } = request;
      return exportDefinedList({
        db: deps.db,
        exports: deps.exports,
        def,
        user,
        body: { ...body, ...columns2 ? { columns: columns2 } : {}, format }
      });
    }
  });
}
var VIEW, DISPATCH_STATISTICS, STATISTICS, SAFETY_STATISTICS, ExportRequestSchema, statisticsRoutes;
var init_statistics_routes = __esm({
  "src/modules/statistics/statistics.routes.ts"() {
    "use strict";
    init_src();
    init_list_contract();
    init_statistics_contract();
    init_guard();
    init_list_routes();
    init_run_list();
    init_customer_reports_list();
    init_safety_statistic_service();
    init_statistics_list();
    init_statistics_service();
    init_statistics_window();
    VIEW = ACTION.VIEW;
    DISPATCH_STATISTICS = { section: SECTION.DispatchStatistics, action: VIEW };
    STATISTICS = { section: SECTION.Statistics, action: VIEW };
    SAFETY_STATISTICS = { anyOf: [{ section: SECTION.Analytics, action: VIEW }, { section: SECTION.Safety }] };
    ExportRequestSchema = z52.looseObject({
      columns: z52.array(z52.string().max(64)).max(200).optional(),
      format: z52.enum(["xlsx", "csv"]).default("xlsx")
    });
    statisticsRoutes = {
      name: "statistics",
      register(app2, { database: { db }, exports, mailer }) {
        const tags = ["Statistics"];
        app2.post("/statistics/list", {
          config: { access: DISPATCH_STATISTICS },
          schema: { tags, body: z52.unknown() },
          handler: async (req) => {
            const { user } = caller(req);
            const { window, request } = statisticsRequest(req.body);
            return { ...await runList(db, dispatchStatisticsFor(user), user, request), window };
          }
        });
        app2.post("/statistics/filter", {
          config: { access: DISPATCH_STATISTICS },
          schema: { tags, body: z52.unknown(), response: { 200: StatisticsGraphResponseSchema } },
          handler: async (req) => statisticsGraph(db, caller(req).user, req.body)
        });
        app2.post("/statistics/rate-average", {
          config: { access: { anyOf: [DISPATCH_STATISTICS, STATISTICS, { section: SECTION.Dashboard, action: VIEW }] } },
          schema: { tags, body: z52.unknown(), response: { 200: RateAverageResponseSchema } },
          handler: async (req) => rateAverage(db, caller(req).user, req.body)
        });
        app2.post("/trips/statistics", {
          config: { access: { anyOf: [{ section: SECTION.Trips, action: VIEW }, DISPATCH_STATISTICS] } },
          schema: { tags, body: z52.unknown(), response: { 200: RateAverageResponseSchema } },
          handler: async (req) => tripsStatistics(db, caller(req).user, req.body)
        });
        exportRoute(
          app2,
          { db, exports },
          {
            url: "/dispatch-statistics/export",
            access: { section: SECTION.DispatchStatistics, action: ACTION.EXPORT },
            build: (user, body) => ({ def: dispatchStatisticsFor(user), request: resolveWindow(body).request })
          }
        );
        app2.post("/customer-reports/list", {
          config: { access: STATISTICS },
          schema: { tags, body: z52.unknown() },
          handler: async (req) => {
            const { user } = caller(req);
            const { def, request, window } = reportRequest(user, req.body);
            return { ...await runList(db, def, user, request), window };
          }
        });
        exportRoute(app2, { db, exports }, { url: "/customer-reports/export", access: STATISTICS, build: reportRequest });
        app2.post("/customer-reports/send", {
          config: { access: STATISTICS },
          schema: { tags, body: SendCustomerReportBodySchema, response: { 200: SendCustomerReportResponseSchema } },
          handler: async (req) => sendCustomerReport(db, { mailer }, caller(req), req.body)
        });
        app2.post("/safety/statistic", {
          config: { access: SAFETY_STATISTICS },
          schema: { tags, body: SafetyStatisticBodySchema.optional(), response: { 200: SafetyStatisticResponseSchema } },
          handler: async (req) => safetyStatistic(db, caller(req).user, SafetyStatisticBodySchema.parse(req.body ?? {}))
        });
        app2.post("/safety/statistic/:date", {
          config: { access: SAFETY_STATISTICS },
          schema: { tags, params: SafetyMonthParamsSchema, response: { 200: SafetyMonthDetailSchema } },
          handler: async (req) => safetyMonth(db, caller(req).user, req.params.date)
        });
        app2.get("/safety/statistic/update", {
          config: { access: SAFETY_STATISTICS },
          schema: { tags, response: { 200: SafetyStatisticResponseSchema } },
          handler: async (req) => safetyStatistic(db, caller(req).user, { months: 1 })
        });
      }
    };
  }
});

// ../shared/src/modules/trailers/trailers.contract.ts
import { z as z53 } from "zod";
var TrailerFormSchema, TrailerSchema, TrailerOptionsSchema, TrailerCreateQuerySchema, TrailerCreateResponseSchema, TrailerEditResponseSchema, TrailerSaveResponseSchema, TrailerInfoQuerySchema, TrailerInfoSchema, TrailerInfoResponseSchema;
var init_trailers_contract = __esm({
  "../shared/src/modules/trailers/trailers.contract.ts"() {
    "use strict";
    init_units_contract();
    TrailerFormSchema = z53.object({
      trailer_number: requiredText2(20, "trailer number"),
      trailer_type_id: optionalId4,
      size: optionalText3(20, "size"),
      make: optionalText3(40, "make"),
      ...unitIdentityFormFields,
      /** PM: miles, or engine hours for a reefer type. */
      ...unitServiceFormFields("PM"),
      gps: optionalText3(60, "GPS"),
      status: z53.enum(UNIT_STATUSES, { message: "Choose active, left company or sold." }),
      origin_value: optionalMoney("origin value")
    });
    TrailerSchema = z53.object({
      id: z53.number().int(),
      trailer_number: z53.string(),
      trailer_type_id: z53.number().int().nullable(),
      trailer_type: z53.string().nullable(),
      reefer: z53.boolean(),
      size: z53.string().nullable(),
      make: z53.string().nullable(),
      ...unitIdentityFields,
      ...unitServiceFields,
      gps: z53.string().nullable(),
      status: z53.enum(UNIT_STATUSES),
      origin_value: z53.number().nullable(),
      /** The truck hauling it, if any. */
      truck_number: z53.string().nullable()
    });
    TrailerOptionsSchema = z53.object({
      customers: z53.array(SelectOptionSchema),
      trailer_types: z53.array(SelectOptionSchema.extend({ reefer: z53.boolean() }))
    });
    TrailerCreateQuerySchema = z53.object({ customer_id: optionalId4.optional() });
    TrailerCreateResponseSchema = z53.object({ options: TrailerOptionsSchema });
    TrailerEditResponseSchema = z53.object({ trailer: TrailerSchema, options: TrailerOptionsSchema });
    TrailerSaveResponseSchema = z53.object({ message: z53.string(), trailer: TrailerSchema });
    TrailerInfoQuerySchema = z53.object({
      id: optionalId4.optional(),
      customer_id: optionalId4.optional()
    });
    TrailerInfoSchema = z53.object({
      id: z53.number().int(),
      trailer_number: z53.string(),
      trailer_type: z53.string().nullable(),
      reefer: z53.boolean(),
      size: z53.string().nullable(),
      customer_id: z53.number().int().nullable(),
      truck_number: z53.string().nullable()
    });
    TrailerInfoResponseSchema = z53.object({
      trailer: TrailerInfoSchema.nullable(),
      trailers: z53.array(TrailerInfoSchema)
    });
  }
});

// src/modules/trailers/trailers.list.ts
import { sql as sql51 } from "drizzle-orm";
var haulerSql, trailersList, trailersLog, trailerEquipmentList;
var init_trailers_list = __esm({
  "src/modules/trailers/trailers.list.ts"() {
    "use strict";
    init_src();
    init_define_list();
    init_change_log();
    init_units();
    haulerSql = sql51`(select truck_number from trucks where trucks.trailer_id = trailers.id and trucks.company_id = trailers.company_id limit 1)`;
    trailersList = defineList({
      key: "trailers",
      title: "Trailers",
      section: SECTION.Trailers,
      from: sql51`trailers`,
      rowKey: sql51`trailers.id`,
      joins: {
        trailer_type: sql51`left join trailer_types tt on tt.id = trailers.trailer_type_id`,
        customer: sql51`left join customers c on c.id = trailers.customer_id`
      },
      base: (user) => user.customerId ? sql51`trailers.company_id = ${user.companyId} and trailers.customer_id = ${user.customerId}` : sql51`trailers.company_id = ${user.companyId}`,
      defaultSort: { sort: "trailer_number", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql51`trailers.id`, filter: "number", footer: "count" },
        {
          id: "trailer_number",
          title: "Trailer",
          sql: sql51`trailers.trailer_number`,
          sortSql: sql51`lpad(trailers.trailer_number, 12, '0')`,
          filter: "note",
          search: true
        },
        {
          id: "trailer_type",
          title: "Trailer type",
          sql: sql51`tt.name`,
          filterSql: sql51`trailers.trailer_type_id`,
          filter: "list",
          joins: ["trailer_type"]
        },
        { id: "size", title: "Size", sql: sql51`trailers.size`, filter: "list" },
        {
          id: "customer",
          title: "Customer",
          sql: sql51`c.name`,
          filterSql: sql51`trailers.customer_id`,
          filter: "list",
          search: true,
          footer: "unique",
          joins: ["customer"]
        },
        { id: "make", title: "Make", sql: sql51`trailers.make`, filter: "list", hidden: true },
        { id: "vin", title: "VIN", sql: sql51`trailers.vin`, filter: "note", search: true, hidden: true },
        ...unitServiceColumns({
          alignment: sql51`trailers.alignment_date`,
          inspection: sql51`trailers.annual_inspection_date`,
          pmMark: sql51`trailers.pm_miles`,
          reading: sql51`trailers.odometer`,
          companyOwner: sql51`trailers.company_owner`,
          status: sql51`trailers.status`,
          pmMiles: false
        }),
        { id: "gps", title: "GPS", sql: sql51`trailers.gps`, filter: "list" },
        {
          id: "status",
          title: "Status",
          sql: sql51`coalesce('On truck ' || ${haulerSql}, 'Free')`,
          filterSql: sql51`case when ${haulerSql} is null then 'free' else 'hooked' end`,
          filter: "list",
          options: sql51`select * from (values ('hooked', 'On a truck'), ('free', 'Free')) o(value, label)`
        },
        {
          id: "description",
          title: "Notes",
          // The notes counter (001 §3 "description (a counter)").
          sql: sql51`(select count(*) from unit_notes n where n.unit_type = 'trailer' and n.unit_id = trailers.id)::int`,
          filter: "number",
          footer: "sum",
          align: "center"
        },
        ...registrationColumns(sql51`trailers.registration_expires_on`),
        { id: "reefer", title: "Reefer", sql: sql51`coalesce(tt.reefer, false)`, joins: ["trailer_type"], data: true }
      ]
    });
    trailersLog = defineChangeLog({ key: "trailers-logs", entity: "trailers", section: SECTION.Trailers });
    trailerEquipmentList = defineEquipmentList({
      key: "trailers-equipment",
      title: "Trailer equipment",
      section: SECTION.Trailers,
      type: "trailer",
      unitTable: sql51`trailers`,
      unitNumber: sql51`unit.trailer_number`
    });
  }
});

// src/modules/trailers/trailers.routes.ts
var can11, trailersRoutes;
var init_trailers_routes = __esm({
  "src/modules/trailers/trailers.routes.ts"() {
    "use strict";
    init_src();
    init_trailers_contract();
    init_units_contract();
    init_guard();
    init_registry_routes();
    init_units();
    init_trailers_list();
    init_trailers_service();
    can11 = (action) => ({ section: SECTION.Trailers, ...action ? { action } : {} });
    trailersRoutes = {
      name: "trailers",
      register(app2, { database: { db } }) {
        const tags = ["Trailers"];
        registerRegistryListRoutes(app2, db, {
          prefix: "/trailers",
          list: trailersList,
          changeLog: trailersLog,
          tags,
          body: withSpecFilterNames
        });
        app2.get("/trailers/create", {
          config: { access: can11([ACTION.CREATE, ACTION.EDIT]) },
          schema: { tags, querystring: TrailerCreateQuerySchema, response: { 200: TrailerCreateResponseSchema } },
          handler: async (req) => ({ options: await trailerOptions(db, caller(req).user) })
        });
        app2.get("/trailers/getTrailerInfo", {
          config: { access: { anyOf: [can11(), { section: SECTION.Trucks }] } },
          schema: { tags, querystring: TrailerInfoQuerySchema, response: { 200: TrailerInfoResponseSchema } },
          handler: async (req) => trailerInfo(db, caller(req).user, req.query)
        });
        app2.get("/trailers/:id/edit", {
          config: { access: can11() },
          schema: { tags, params: IdParamsSchema, response: { 200: TrailerEditResponseSchema } },
          handler: async (req) => {
            const user = caller(req).user;
            return {
              trailer: await getTrailer(db, user, req.params.id),
              options: await trailerOptions(db, user)
            };
          }
        });
        registerUnitSaveRoutes(app2, {
          prefix: "/trailers",
          section: SECTION.Trailers,
          tags,
          key: "trailer",
          form: TrailerFormSchema,
          saved: TrailerSaveResponseSchema,
          create: (user, form) => createTrailer(db, user, form),
          update: (user, id, form) => updateTrailer(db, user, id, form),
          remove: (user, id) => deleteTrailer(db, user, id)
        });
        registerUnitRoutes(app2, db, {
          prefix: "/trailers",
          section: SECTION.Trailers,
          kind: trailerKind,
          equipmentList: trailerEquipmentList,
          changeAssignment: (user, body) => assignTrailer(db, user, body)
        });
      }
    };
  }
});

// src/modules/trips/loads.service.ts
import { and as and27, desc as desc5, eq as eq28, lt, sql as sql52 } from "drizzle-orm";
function registerLoadFiles(files2, db) {
  const trips4 = (auth, actions) => can(auth.grants, { section: SECTION.Trips, action: actions });
  const inScope3 = async (auth, entityId) => {
    try {
      await loadInScope(db, auth, Number(entityId));
      return true;
    } catch {
      return false;
    }
  };
  files2.registerEntity(LOAD_FILES.entity, {
    view: async (auth, id) => trips4(auth, [ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD, ACTION.VIEW]) && await inScope3(auth, id),
    upload: async (auth, id) => trips4(auth, [ACTION.FILE_UPLOAD, ACTION.CREATE_EDIT_TRIP]) && await inScope3(auth, id),
    remove: async (auth, id) => trips4(auth, [ACTION.FILE_DELETE]) && await inScope3(auth, id)
  });
  files2.addStoreHook(LOAD_FILES.entity, async (tx, file) => {
    if (file.category !== LOAD_FILES.ppw) return;
    await tx.update(loads).set({ ppw: 1, ppwCreatedBy: file.uploadedBy, ppwDate: /* @__PURE__ */ new Date(), updatedAt: /* @__PURE__ */ new Date() }).where(and27(eq28(loads.id, Number(file.entityId)), eq28(loads.companyId, file.companyId ?? -1)));
    await writeAudit(tx, {
      actor: file.uploadedBy && file.companyId ? { id: file.uploadedBy, companyId: file.companyId } : null,
      entity: "load",
      entityId: file.entityId,
      action: "ppw",
      after: { ppw: 1, file_id: file.id }
    });
  });
}
async function ppwState(db, loadId) {
  const result = await db.execute(
    sql52`select id as load_id, ppw, ppw_created_by, to_char(ppw_date at time zone ${TZ12}, 'YYYY-MM-DD HH24:MI') as ppw_date
    from loads where id = ${loadId}`
  );
  const row = result.rows[0];
  if (!row) throw AppError.notFound();
  return {
    load_id: Number(row.load_id),
    ppw: Number(row.ppw),
    ppw_created_by: row.ppw_created_by,
    ppw_date: row.ppw_date
  };
}
async function listPpw(db, auth, loadId) {
  await loadInScope(db, auth, loadId);
  return { load_files: await tripFiles(db, auth, [loadId]), load: await ppwState(db, loadId) };
}
async function uploadPpw(db, files2, auth, loadId, upload) {
  await loadInScope(db, auth, loadId);
  const stored = await files2.upload({
    auth,
    entity: LOAD_FILES.entity,
    entityId: String(loadId),
    category: LOAD_FILES.ppw,
    ...upload
  });
  const [file] = (await tripFiles(db, auth, [loadId])).filter((f) => f.id === stored.id);
  if (!file) throw new AppError("internal", "PPW file not stored");
  return { file, load: await ppwState(db, loadId) };
}
async function sendPpw(db, deps, auth, loadId, body) {
  await loadInScope(db, auth, loadId);
  const result = await db.execute(
    sql52`select b.email_address as broker_email, c.email as customer_email, co.name as company
    from loads l left join brokers b on b.id = l.broker_id left join customers c on c.id = l.customer_id
      left join companies co on co.id = l.company_id where l.id = ${loadId}`
  );
  const info = result.rows[0];
  const to = body.email || info?.broker_email || info?.customer_email;
  if (!to) throw AppError.invalidField("email", "The broker has no e-mail address: enter one.");
  const all = (await tripFiles(db, auth, [loadId])).filter(
    (f) => body.files ? body.files.includes(f.id) : f.category === LOAD_FILES.ppw
  );
  if (body.files && all.length !== new Set(body.files).size)
    throw AppError.invalidField("files", "Choose files of this load.");
  if (!all.length) throw AppError.precondition("This load has no PPW files to send.");
  const attachments = await Promise.all(
    all.map(async (f) => {
      const { file, body: content } = await deps.files.read(f.id);
      return { filename: file.originalName, content, contentType: file.mime };
    })
  );
  const mail = ppwMail({ company: info?.company ?? "Backhaul", loadId });
  const sent = await deps.mailer.send({
    ...mail,
    to,
    attachments,
    companyId: auth.user.companyId,
    createdBy: auth.user.id
  });
  if (sent.status === "failed") throw new AppError("internal", sent.error ?? "PPW mail failed");
  await db.transaction(async (tx) => {
    await writeAudit(tx, {
      actor: { id: auth.user.id, companyId: auth.user.companyId },
      entity: "load",
      entityId: loadId,
      action: "send_ppw",
      after: { to, files: all.map((f) => f.id), mail_id: sent.id }
    });
  });
  return { mail_id: sent.id, status: sent.status, to, files: all.length };
}
async function findPreviousDelivery(db, opts) {
  const before = opts.before ? sql52`(${opts.before.length === 10 ? `${opts.before} 00:00` : opts.before})::timestamp at time zone ${opts.timeZone}` : sql52`now()`;
  const [row] = await db.select({ city: loads.deliveryCity, state: loads.deliveryState }).from(loads).where(and27(eq28(loads.companyId, opts.companyId), eq28(loads.truckId, opts.truckId), lt(loads.deliveryAt, before))).orderBy(sql52`${desc5(loads.deliveryAt)} nulls first`, sql52`${desc5(loads.id)} nulls first`).limit(1);
  return row?.city && row.state ? { city: row.city, state: row.state } : null;
}
var LOAD_FILES, TZ12;
var init_loads_service = __esm({
  "src/modules/trips/loads.service.ts"() {
    "use strict";
    init_src();
    init_audit();
    init_errors2();
    init_loads_table();
    init_trips_mail();
    init_trips_service();
    LOAD_FILES = { entity: "loads", ppw: "ppw" };
    TZ12 = "America/Chicago";
  }
});

// src/modules/trips/loads.routes.ts
import { z as z54 } from "zod";
var IdParams15, trips2, loadsRoutes;
var init_loads_routes = __esm({
  "src/modules/trips/loads.routes.ts"() {
    "use strict";
    init_src();
    init_trips_contract();
    init_guard();
    init_errors2();
    init_read_upload();
    init_loads_service();
    IdParams15 = z54.object({ id: z54.coerce.number().int().positive() });
    trips2 = (action) => ({ section: SECTION.Trips, action });
    loadsRoutes = {
      name: "loads",
      register(app2, { database: { db }, files: files2, mailer }) {
        const tags = ["Loads"];
        registerLoadFiles(files2, db);
        app2.get("/loads/ppw/:id", {
          config: { access: trips2([ACTION.VIEW, ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD]) },
          schema: { tags, params: IdParams15, response: { 200: PpwListResponseSchema } },
          handler: async (req) => listPpw(db, caller(req), req.params.id)
        });
        app2.post("/loads/ppw/:id", {
          config: { access: trips2([ACTION.FILE_UPLOAD, ACTION.CREATE_EDIT_TRIP]) },
          schema: { tags, params: IdParams15, response: { 200: PpwUploadResponseSchema } },
          handler: async (req) => {
            const { name, data } = await readUpload(req, { maxBytes: files2.maxBytes });
            const result = await uploadPpw(db, files2, caller(req), req.params.id, { name, data });
            return { message: MSG.savingSuccess, ...result };
          }
        });
        const send = (url, selected) => app2.post(url, {
          config: { access: trips2(ACTION.SEND) },
          schema: { tags, params: IdParams15, body: SendPpwBodySchema, response: { 200: SendPpwResponseSchema } },
          handler: async (req) => {
            if (selected && !req.body.files?.length) throw AppError.invalidField("files", "Choose the files to send.");
            const data = await sendPpw(db, { files: files2, mailer }, caller(req), req.params.id, {
              email: req.body.email,
              files: selected ? req.body.files : void 0
            });
            return { message: MSG.ppwSent, data };
          }
        });
        send("/loads/sendPPW/:id", false);
        send("/loads/ppwSelected/:id", true);
      }
    };
  }
});

// ../shared/src/modules/mileage/mileage.contract.ts
import { z as z55 } from "zod";
var zip, text27, MilesPlaceSchema, MilesStopSchema, MilesTripBodySchema, MileageSchema, MilesTripResponseSchema;
var init_mileage_contract = __esm({
  "../shared/src/modules/mileage/mileage.contract.ts"() {
    "use strict";
    init_dates();
    zip = z55.string().trim().max(10).optional();
    text27 = z55.string().trim().max(120).optional();
    MilesPlaceSchema = z55.looseObject({ zip, city: text27, state: text27 });
    MilesStopSchema = MilesPlaceSchema.extend({
      type: z55.coerce.number().pipe(z55.union([z55.literal(1), z55.literal(2)], { message: "A stop is a pickup (1) or a delivery (2)." }))
    });
    MilesTripBodySchema = z55.object({
      previous_delivery: MilesPlaceSchema.nullable().optional(),
      /** Without previous_delivery: the truck whose last delivery before `before` starts the empty miles. */
      truck_id: z55.coerce.number().int().positive().nullable().optional(),
      /** Company-time "YYYY-MM-DD HH:mm" (or a date): usually the load's first pickup; default now. */
      before: dateTimeSchema({ allowEmpty: true }).nullable().optional(),
      stops: z55.array(MilesStopSchema).min(1, "Add at least one stop.").max(50, "At most 50 stops.")
    });
    MileageSchema = z55.object({
      loaded: z55.number().int(),
      empty: z55.number().int(),
      total: z55.number().int()
    });
    MilesTripResponseSchema = z55.object({ mileage: MileageSchema });
  }
});

// src/modules/mileage/mileage.service.ts
function greatCircleMiles(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
function estimateRoadMiles(a, b) {
  return Math.round(greatCircleMiles(a, b) * ROAD_FACTOR);
}
function selectMileageProvider(name = "offline") {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`Unknown MILEAGE_PROVIDER "${name}" (known: ${MILEAGE_PROVIDERS.join(", ")})`);
  return provider;
}
function cityCentroids() {
  if (cityIndex) return cityIndex;
  const sums = /* @__PURE__ */ new Map();
  for (const z65 of Object.values(zipcodes().codes)) {
    if (z65.country !== "US" || !z65.city || !z65.state || !Number.isFinite(z65.latitude) || !Number.isFinite(z65.longitude))
      continue;
    if (z65.latitude === 0 && z65.longitude === 0) continue;
    const key = `${z65.state.toUpperCase()}|${normalizeCity(z65.city)}`;
    const s = sums.get(key) ?? { lat: 0, lon: 0, n: 0 };
    s.lat += z65.latitude;
    s.lon += z65.longitude;
    s.n += 1;
    sums.set(key, s);
  }
  cityIndex = new Map([...sums].map(([k, s]) => [k, { lat: s.lat / s.n, lon: s.lon / s.n }]));
  return cityIndex;
}
function resolvePlace(place) {
  if (present(place.zip)) {
    const z65 = zipcodes().lookup(place.zip.trim().slice(0, 5));
    if (z65 && Number.isFinite(z65.latitude) && Number.isFinite(z65.longitude)) {
      return { lat: z65.latitude, lon: z65.longitude, label: `${z65.city}, ${z65.state} ${z65.zip}` };
    }
  }
  if (present(place.city) && present(place.state)) {
    const c = cityCentroids().get(`${place.state.trim().toUpperCase()}|${normalizeCity(place.city)}`);
    if (c) return { ...c, label: `${place.city.trim()}, ${place.state.trim().toUpperCase()}` };
  }
  return { unknown: present(place.zip) ? "zip" : "city" };
}
async function computeTripMiles(input, provider = offlineMileageProvider) {
  const errors = {};
  const resolve3 = (place, path) => {
    const r = resolvePlace(place);
    if ("unknown" in r) {
      errors[`${path}.${r.unknown}`] = [MSG_UNKNOWN[r.unknown]];
      return null;
    }
    return r;
  };
  const points = input.stops.map((s, i) => resolve3(s, `stops.${i}`));
  const previous = input.previousDelivery ? resolve3(input.previousDelivery, "previous_delivery") : null;
  if (Object.keys(errors).length) throw AppError.validation(errors);
  let loaded = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) loaded += await provider.distance(a, b);
  }
  const firstPickup = input.stops.findIndex((s) => s.type === 1);
  const start = points[Math.max(firstPickup, 0)];
  const empty = previous && start ? await provider.distance(previous, start) : 0;
  const mileage = { loaded: Math.round(loaded), empty: Math.round(empty) };
  return { ...mileage, total: mileage.loaded + mileage.empty };
}
var zipcodes, EARTH_RADIUS_MILES, ROAD_FACTOR, offlineMileageProvider, PROVIDERS, MILEAGE_PROVIDERS, normalizeCity, cityIndex, present, MSG_UNKNOWN;
var init_mileage_service = __esm({
  "src/modules/mileage/mileage.service.ts"() {
    "use strict";
    init_errors2();
    init_lazy();
    zipcodes = lazyRequire("zipcodes");
    EARTH_RADIUS_MILES = 3958.8;
    ROAD_FACTOR = 1.104;
    offlineMileageProvider = {
      name: "offline",
      distance: async (a, b) => greatCircleMiles(a, b) * ROAD_FACTOR
    };
    PROVIDERS = { offline: offlineMileageProvider };
    MILEAGE_PROVIDERS = Object.keys(PROVIDERS);
    normalizeCity = (city) => city.toLowerCase().replace(/\./g, "").replace(/\s+/g, " ").trim().replace(/^st /, "saint ").replace(/^ft /, "fort ").replace(/^mt /, "mount ");
    cityIndex = null;
    present = (v) => typeof v === "string" && v.trim() !== "";
    MSG_UNKNOWN = {
      zip: "This zip code is not in the zip-code data.",
      city: "This city and state are not in the zip-code data."
    };
  }
});

// src/modules/mileage/index.ts
var init_mileage = __esm({
  "src/modules/mileage/index.ts"() {
    "use strict";
    init_mileage_service();
  }
});

// src/modules/trips/miles.routes.ts
var milesRoutes;
var init_miles_routes = __esm({
  "src/modules/trips/miles.routes.ts"() {
    "use strict";
    init_src();
    init_mileage_contract();
    init_guard();
    init_mileage();
    init_loads_service();
    milesRoutes = {
      name: "mileage",
      register(app2, { config: config2, database: { db } }) {
        const provider = selectMileageProvider(config2.MILEAGE_PROVIDER);
        app2.post("/trips/milesTrip", {
          config: { access: { section: SECTION.Trips, action: [ACTION.CREATE_EDIT_TRIP, ACTION.VIEW] } },
          schema: { tags: ["Trips"], body: MilesTripBodySchema, response: { 200: MilesTripResponseSchema } },
          handler: async (req) => {
            const { previous_delivery, truck_id, before, stops } = req.body;
            const previousDelivery = previous_delivery ?? (truck_id ? await findPreviousDelivery(db, {
              companyId: caller(req).user.companyId,
              truckId: truck_id,
              before,
              timeZone: config2.COMPANY_TIME_ZONE
            }) : null);
            return { mileage: await computeTripMiles({ previousDelivery, stops }, provider) };
          }
        });
      }
    };
  }
});

// src/modules/trips/trips.routes.ts
import { z as z56 } from "zod";
var IdParams16, TripIdParams, trips3, EDIT2, ExportRequestSchema2, tripsRoutes;
var init_trips_routes = __esm({
  "src/modules/trips/trips.routes.ts"() {
    "use strict";
    init_src();
    init_list_contract();
    init_trips_contract();
    init_guard();
    init_list_routes();
    init_run_list();
    init_trips_filters();
    init_trips_list();
    init_trips_service();
    IdParams16 = z56.object({ id: z56.coerce.number().int().positive() });
    TripIdParams = z56.object({ trip_id: z56.coerce.number().int().min(0) });
    trips3 = (action) => ({ section: SECTION.Trips, ...action ? { action } : {} });
    EDIT2 = trips3(ACTION.CREATE_EDIT_TRIP);
    ExportRequestSchema2 = z56.looseObject({
      columns: z56.array(z56.string().max(64)).max(200).optional(),
      format: z56.enum(["xlsx", "csv"]).default("xlsx")
    });
    tripsRoutes = {
      name: "trips",
      register(app2, { database: { db }, live, exports }) {
        const tags = ["Trips"];
        live.registerTopic("trips", SECTION.Trips);
        const list2 = async (user, body) => {
          const request = toEngineRequest(body);
          const result = await runList(db, tripsListFor(tripsList, user), user, request);
          return { ...result, date_filter: request.filters.delivery_datetime ?? null };
        };
        app2.post("/trips", {
          config: { access: trips3() },
          schema: { tags, body: z56.unknown() },
          handler: async (req) => {
            const { rows, ...rest } = await list2(caller(req).user, req.body);
            return { trips: rows, ...rest };
          }
        });
        app2.post("/trips/list", {
          config: { access: trips3() },
          schema: { tags, body: z56.unknown() },
          handler: async (req) => list2(caller(req).user, req.body)
        });
        app2.post("/trips/filters", {
          config: { access: trips3() },
          schema: { tags, response: { 200: TripFiltersResponseSchema } },
          handler: async (req) => ({ filters: await tripFilters(db, caller(req)) })
        });
        app2.get("/trips/:id", {
          config: { access: trips3() },
          schema: { tags, params: IdParams16, response: { 200: TripResponseSchema } },
          handler: async (req) => ({ trip: await getTrip(db, caller(req), req.params.id) })
        });
        app2.get("/trips/:id/detail", {
          config: { access: trips3() },
          schema: { tags, params: IdParams16, response: { 200: TripDetailViewResponseSchema } },
          handler: (req) => getTripDetailView(db, caller(req), req.params.id)
        });
        app2.post("/trips/update/:trip_id", {
          config: { access: EDIT2 },
          schema: { tags, params: TripIdParams, body: TripFormSchema, response: { 200: TripSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            trip: await saveTrip(db, live, caller(req), req.params.trip_id || null, req.body)
          })
        });
        app2.post("/trips/load", {
          config: { access: EDIT2 },
          schema: { tags, body: NewLoadBodySchema, response: { 200: LoadSaveResponseSchema } },
          handler: async (req) => {
            const { trip_id, ...load } = req.body;
            return { message: MSG.savingSuccess, ...await addLoad(db, live, caller(req), trip_id, load) };
          }
        });
        app2.post("/trips/load/:id", {
          config: { access: EDIT2 },
          schema: { tags, params: IdParams16, body: LoadFormSchema, response: { 200: LoadSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            ...await updateLoad(db, live, caller(req), req.params.id, req.body)
          })
        });
        app2.delete("/trips/load/:id", {
          config: { access: trips3(ACTION.DELETE_LOAD) },
          schema: { tags, params: IdParams16, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteLoad(db, live, caller(req), req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
        app2.post("/trips/delete/:id", {
          config: { access: trips3(ACTION.DELETE_TRIP) },
          schema: { tags, params: IdParams16, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteTrip(db, live, caller(req), req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
        app2.post("/trips/connection", {
          config: { access: EDIT2 },
          schema: {
            tags,
            body: ConnectionBodySchema,
            response: {
              200: z56.object({ message: z56.string(), connections: TripResponseSchema.shape.trip.shape.connections })
            }
          },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            connections: await connectTrips(db, live, caller(req), req.body)
          })
        });
        app2.post("/trips/:id/notes", {
          config: { access: EDIT2 },
          schema: { tags, params: IdParams16, body: TripNoteBodySchema, response: { 200: TripSaveResponseSchema } },
          handler: async (req) => ({
            message: MSG.savingSuccess,
            trip: await addNote(db, live, caller(req), req.params.id, req.body.text)
          })
        });
        const lookup2 = { anyOf: [trips3(), { section: SECTION.Dispatch }] };
        app2.post("/location", {
          config: { access: lookup2 },
          schema: { tags, body: LocationBodySchema, response: { 200: LocationResponseSchema } },
          handler: async (req) => ({ location: await findLocation(db, req.body) })
        });
        app2.post("/states", {
          config: { access: lookup2 },
          schema: { tags, response: { 200: StatesResponseSchema } },
          handler: async () => ({ states: await listStates(db) })
        });
        app2.post("/filterLoads", {
          config: { access: trips3() },
          schema: { tags, body: LoadLookupBodySchema.optional(), response: { 200: LoadLookupResponseSchema } },
          handler: async (req) => ({
            loads: await lookupLoads(db, caller(req), LoadLookupBodySchema.parse(req.body ?? {}))
          })
        });
        const exportRoute2 = (url, def, name) => app2.post(url, {
          config: { access: trips3(ACTION.EXPORT) },
          schema: { tags: ["Export"], body: ExportRequestSchema2, response: { 200: ExportResponseSchema } },
          handler: async (req) => {
            const { user } = caller(req);
            const { columns: columns2, format, ...rest } = req.body;
            const request = toEngineRequest({ ...rest, order: rest.order ?? void 0 });
            const { limit: _l, page: _p, with_options: _w, ...body } = request;
            return exportDefinedList({
              db,
              exports,
              def,
              user,
              body: { ...body, ...columns2 ? { columns: columns2 } : {}, format },
              ...name ? { name } : {}
            });
          }
        });
        exportRoute2("/trips/export", tripsList);
        exportRoute2("/loads/export", loadsList);
        exportRoute2("/trips/files", tripsList, "Trips file");
      }
    };
  }
});

// ../shared/src/modules/trucks/trucks.contract.ts
import { z as z57 } from "zod";
var TRUCK_STATUSES, TRUCK_STATUS_LABELS, TruckFormSchema, TruckSchema, TruckOptionsSchema, TruckCreateQuerySchema, TruckCreateResponseSchema, TruckEditResponseSchema, TruckSaveResponseSchema, DriverTrailersBodySchema, DriverTrailersResponseSchema;
var init_trucks_contract = __esm({
  "../shared/src/modules/trucks/trucks.contract.ts"() {
    "use strict";
    init_units_contract();
    TRUCK_STATUSES = ["on_road", "in_shop", "waiting", "out_of_service"];
    TRUCK_STATUS_LABELS = {
      on_road: "On the road",
      in_shop: "In the shop",
      waiting: "Waiting",
      out_of_service: "Out of service"
    };
    TruckFormSchema = z57.object({
      truck_number: requiredText2(20, "truck number"),
      make: optionalText3(40, "make"),
      model: optionalText3(40, "model"),
      ...unitIdentityFormFields,
      driver_id: optionalId4,
      trailer_id: optionalId4,
      eld: optionalText3(60, "ELD"),
      ...unitServiceFormFields("PM miles"),
      status: z57.enum(UNIT_STATUSES, { message: "Choose active, left company or sold." }),
      truck_status: z57.preprocess(
        (v) => v === "" || v === void 0 ? null : v,
        z57.enum(TRUCK_STATUSES, { message: "Choose a truck status." }).nullable()
      ),
      origin_value: optionalMoney("origin value")
    });
    TruckSchema = z57.object({
      id: z57.number().int(),
      truck_number: z57.string(),
      make: z57.string().nullable(),
      model: z57.string().nullable(),
      ...unitIdentityFields,
      driver_id: z57.number().int().nullable(),
      driver: z57.string().nullable(),
      trailer_id: z57.number().int().nullable(),
      trailer_number: z57.string().nullable(),
      trailer_type: z57.string().nullable(),
      eld: z57.string().nullable(),
      ...unitServiceFields,
      status: z57.enum(UNIT_STATUSES),
      truck_status: z57.enum(TRUCK_STATUSES).nullable(),
      origin_value: z57.number().nullable()
    });
    TruckOptionsSchema = z57.object({
      customers: z57.array(SelectOptionSchema),
      drivers: z57.array(SelectOptionSchema),
      trailers: z57.array(SelectOptionSchema),
      elds: z57.array(z57.string())
    });
    TruckCreateQuerySchema = z57.object({ customer_id: optionalId4.optional() });
    TruckCreateResponseSchema = z57.object({ options: TruckOptionsSchema });
    TruckEditResponseSchema = z57.object({ truck: TruckSchema, options: TruckOptionsSchema });
    TruckSaveResponseSchema = z57.object({ message: z57.string(), truck: TruckSchema });
    DriverTrailersBodySchema = z57.object({ customer_id: optionalId4.optional() });
    DriverTrailersResponseSchema = z57.object({
      drivers: z57.array(SelectOptionSchema),
      trailers: z57.array(SelectOptionSchema)
    });
  }
});

// src/modules/trucks/trucks.list.ts
import { sql as sql53 } from "drizzle-orm";
var statusOptions, trucksList, trucksLog, truckEquipmentList;
var init_trucks_list = __esm({
  "src/modules/trucks/trucks.list.ts"() {
    "use strict";
    init_src();
    init_trucks_contract();
    init_define_list();
    init_change_log();
    init_units();
    statusOptions = sql53.join(
      Object.entries(TRUCK_STATUS_LABELS).map(([v, l]) => sql53`(${v}, ${l})`),
      sql53`, `
    );
    trucksList = defineList({
      key: "trucks",
      title: "Trucks",
      section: SECTION.Trucks,
      from: sql53`trucks`,
      rowKey: sql53`trucks.id`,
      joins: {
        trailer: sql53`left join trailers tr on tr.id = trucks.trailer_id`,
        trailer_type: sql53`left join trailer_types tt on tt.id = tr.trailer_type_id`,
        driver: sql53`left join drivers d on d.id = trucks.driver_id`,
        customer: sql53`left join customers c on c.id = trucks.customer_id`
      },
      base: (user) => user.customerId ? sql53`trucks.company_id = ${user.companyId} and trucks.customer_id = ${user.customerId}` : sql53`trucks.company_id = ${user.companyId}`,
      defaultSort: { sort: "truck_number", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql53`trucks.id`, filter: "number", footer: "count" },
        {
          id: "truck_number",
          title: "Truck",
          sql: sql53`trucks.truck_number`,
          sortSql: sql53`lpad(trucks.truck_number, 12, '0')`,
          filter: "note",
          search: true
        },
        {
          id: "trailer_number",
          title: "Trailer",
          sql: sql53`tr.trailer_number`,
          filter: "note",
          search: true,
          joins: ["trailer"]
        },
        {
          id: "trailer_type",
          title: "Trailer type",
          sql: sql53`tt.name`,
          filterSql: sql53`tt.id`,
          filter: "list",
          joins: ["trailer", "trailer_type"]
        },
        { id: "driver", title: "Driver", sql: sql53`d.name`, filter: "note", search: true, joins: ["driver"] },
        {
          id: "customer",
          title: "Customer",
          sql: sql53`c.name`,
          filterSql: sql53`trucks.customer_id`,
          filter: "list",
          search: true,
          footer: "unique",
          joins: ["customer"]
        },
        { id: "eld", title: "ELD", sql: sql53`trucks.eld`, filter: "list" },
        { id: "make", title: "Make", sql: sql53`trucks.make`, filter: "list", hidden: true },
        { id: "vin", title: "VIN", sql: sql53`trucks.vin`, filter: "note", search: true, hidden: true },
        ...unitServiceColumns({
          alignment: sql53`trucks.alignment_date`,
          inspection: sql53`trucks.annual_inspection_date`,
          pmMark: sql53`trucks.pm_miles`,
          reading: sql53`trucks.odometer`,
          companyOwner: sql53`trucks.company_owner`,
          status: sql53`trucks.status`
        }),
        {
          id: "truck_status",
          title: "Truck status",
          sql: sql53`trucks.truck_status`,
          filter: "list",
          options: sql53`select * from (values ${statusOptions}) o(value, label)`
        },
        ...registrationColumns(sql53`trucks.registration_expires_on`)
      ]
    });
    trucksLog = defineChangeLog({ key: "trucks-logs", entity: "trucks", section: SECTION.Trucks });
    truckEquipmentList = defineEquipmentList({
      key: "trucks-equipment",
      title: "Truck equipment",
      section: SECTION.Trucks,
      type: "truck",
      unitTable: sql53`trucks`,
      unitNumber: sql53`unit.truck_number`
    });
  }
});

// src/modules/trucks/trucks.routes.ts
var can12, trucksRoutes;
var init_trucks_routes = __esm({
  "src/modules/trucks/trucks.routes.ts"() {
    "use strict";
    init_src();
    init_trucks_contract();
    init_units_contract();
    init_guard();
    init_registry_routes();
    init_units();
    init_trucks_list();
    init_trucks_service();
    can12 = (action) => ({ section: SECTION.Trucks, ...action ? { action } : {} });
    trucksRoutes = {
      name: "trucks",
      register(app2, { database: { db } }) {
        const tags = ["Trucks"];
        registerRegistryListRoutes(app2, db, {
          prefix: "/trucks",
          list: trucksList,
          changeLog: trucksLog,
          tags,
          body: withSpecFilterNames
        });
        app2.get("/trucks/create", {
          config: { access: can12([ACTION.CREATE, ACTION.EDIT]) },
          schema: { tags, querystring: TruckCreateQuerySchema, response: { 200: TruckCreateResponseSchema } },
          handler: async (req) => ({
            options: await truckOptions(db, caller(req).user, req.query.customer_id)
          })
        });
        app2.post("/trucks/getDriverTrailers", {
          config: { access: can12() },
          schema: { tags, body: DriverTrailersBodySchema.optional(), response: { 200: DriverTrailersResponseSchema } },
          handler: async (req) => driverTrailers(db, caller(req).user, req.body?.customer_id)
        });
        app2.get("/trucks/:id/edit", {
          config: { access: can12() },
          schema: { tags, params: IdParamsSchema, response: { 200: TruckEditResponseSchema } },
          handler: async (req) => {
            const user = caller(req).user;
            const truck = await getTruck(db, user, req.params.id);
            return { truck, options: await truckOptions(db, user, truck.customer_id) };
          }
        });
        registerUnitSaveRoutes(app2, {
          prefix: "/trucks",
          section: SECTION.Trucks,
          tags,
          key: "truck",
          form: TruckFormSchema,
          saved: TruckSaveResponseSchema,
          create: (user, form) => createTruck(db, user, form),
          update: (user, id, form) => updateTruck(db, user, id, form),
          remove: (user, id) => deleteTruck(db, user, id)
        });
        registerUnitRoutes(app2, db, {
          prefix: "/trucks",
          section: SECTION.Trucks,
          kind: truckKind,
          equipmentList: truckEquipmentList,
          changeAssignment: (user, body) => assignTruck(db, user, body)
        });
      }
    };
  }
});

// ../shared/src/modules/users/users.contract.ts
import { z as z58 } from "zod";
var UserRowSchema, UserFormSchema, OptionSchema3, UserOptionsSchema, UserRecordSchema, UserEditResponseSchema, UserSaveResponseSchema;
var init_users_contract = __esm({
  "../shared/src/modules/users/users.contract.ts"() {
    "use strict";
    init_roles_contract();
    UserRowSchema = z58.object({
      id: z58.number().int(),
      name: z58.string(),
      userGroup: z58.number().int(),
      customer: z58.string().nullable(),
      dispatcher: z58.boolean(),
      email: z58.string(),
      updated_at: z58.string(),
      status: z58.boolean()
    });
    UserFormSchema = z58.object({
      id: z58.number().int().positive().optional(),
      name: z58.string().trim().min(1, "The name is required.").max(160, "The name may not be greater than 160 characters."),
      email: z58.email("Enter a valid e-mail address.").max(200),
      password: z58.string().refine((v) => v === "" || v.length >= 8, "The password must be at least 8 characters.").refine((v) => v.length <= 200, "The password may not be greater than 200 characters.").default(""),
      send_reset: z58.boolean().default(false),
      role: RoleNumberSchema,
      permission_role_id: z58.number().int().positive().nullable(),
      department_id: z58.number().int().positive().nullable(),
      customer_id: z58.number().int().positive().nullable(),
      active: z58.boolean(),
      image: z58.string().trim().max(500).nullable().default(null)
    });
    OptionSchema3 = z58.object({ id: z58.number().int(), name: z58.string() });
    UserOptionsSchema = z58.object({
      roles: z58.array(OptionSchema3),
      departments: z58.array(OptionSchema3),
      customers: z58.array(OptionSchema3)
    });
    UserRecordSchema = z58.object({
      id: z58.number().int(),
      name: z58.string(),
      email: z58.string(),
      role: z58.number().int(),
      permission_role_id: z58.number().int().nullable(),
      department_id: z58.number().int().nullable(),
      customer_id: z58.number().int().nullable(),
      active: z58.boolean(),
      image: z58.string().nullable()
    });
    UserEditResponseSchema = UserOptionsSchema.extend({ user: UserRecordSchema });
    UserSaveResponseSchema = z58.object({
      message: z58.string(),
      user: UserRecordSchema,
      reset_sent: z58.boolean()
    });
  }
});

// src/modules/users/users.list.ts
import { sql as sql54 } from "drizzle-orm";
var roleOptions, usersList;
var init_users_list = __esm({
  "src/modules/users/users.list.ts"() {
    "use strict";
    init_src();
    init_roles_contract();
    init_define_list();
    roleOptions = sql54.join(
      Object.entries(ROLE_NUMBER_NAMES).map(([n, name]) => sql54`(${Number(n)}::int, ${name}::text)`),
      sql54`, `
    );
    usersList = defineList({
      key: "users",
      title: "Users",
      section: SECTION.Users,
      from: sql54`users`,
      rowKey: sql54`users.id`,
      joins: {
        customer: sql54`left join customers on customers.id = users.customer_id`,
        department: sql54`left join departments on departments.id = users.department_id`,
        role: sql54`left join roles on roles.id = users.permission_role_id`
      },
      base: (user) => sql54`users.company_id = ${user.companyId}`,
      defaultSort: { sort: "name", order: "asc" },
      columns: [
        { id: "id", title: "ID", sql: sql54`users.id`, filter: "number", footer: "count" },
        { id: "name", title: "Name", sql: sql54`users.name`, filter: "note", search: true, clip: 40 },
        {
          id: "userGroup",
          title: "Role",
          sql: sql54`users.role`,
          filter: "list",
          // The web shows the number by name (ROLE_NUMBER_NAMES); the filter offers the names.
          options: sql54`select value, label from (values ${roleOptions}) as r(value, label) order by value`,
          align: "left"
        },
        {
          id: "customer",
          title: "Customer",
          sql: sql54`customers.name`,
          filterSql: sql54`users.customer_id`,
          filter: "list",
          joins: ["customer"]
        },
        {
          id: "dispatcher",
          title: "Dispatcher",
          sql: sql54`coalesce(departments.name = 'Dispatch', false)`,
          filter: "options",
          joins: ["department"],
          align: "center"
        },
        { id: "email", title: "E-mail", sql: sql54`users.email`, filter: "note", search: true },
        {
          id: "department",
          title: "Department",
          sql: sql54`departments.name`,
          filterSql: sql54`users.department_id`,
          filter: "list",
          joins: ["department"],
          hidden: true
        },
        {
          id: "permission_role",
          title: "Permission role",
          sql: sql54`roles.name`,
          filterSql: sql54`users.permission_role_id`,
          filter: "list",
          joins: ["role"],
          hidden: true
        },
        { id: "updated_at", title: "Updated", sql: sql54`users.updated_at`, filter: "date", dateType: "timestamp" },
        { id: "status", title: "Status", sql: sql54`users.active`, filter: "options", align: "center" },
        { id: "permission_role_id", title: "Permission role id", sql: sql54`users.permission_role_id`, data: true }
      ]
    });
  }
});

// src/modules/employees/index.ts
var init_employees = __esm({
  "src/modules/employees/index.ts"() {
    "use strict";
    init_employees_service();
    init_employees_table();
  }
});

// src/modules/roles/index.ts
var init_roles = __esm({
  "src/modules/roles/index.ts"() {
    "use strict";
    init_roles_rules();
    init_roles_service();
  }
});

// src/modules/session/index.ts
var init_session = __esm({
  "src/modules/session/index.ts"() {
    "use strict";
    init_session_mail();
    init_session_service();
  }
});

// src/modules/users/users.service.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { and as and28, asc as asc10, eq as eq29, isNull as isNull6, ne as ne6, sql as sql55 } from "drizzle-orm";
async function findUser(db, auth, id) {
  const [u] = await db.select().from(users).where(and28(eq29(users.id, id), eq29(users.companyId, auth.user.companyId)));
  if (!u) throw AppError.notFound();
  return u;
}
async function userOptions(db, auth, currentRoleId = null) {
  const { companyId } = auth.user;
  const grantSets = await companyRoleGrantSets(db, companyId);
  const allRoles = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq29(roles.companyId, companyId)).orderBy(asc10(roles.name));
  const givable = (id) => {
    const set = grantSets.get(id);
    return id === currentRoleId || set !== void 0 && covers(auth.grants, set);
  };
  return {
    roles: allRoles.filter((r) => givable(r.id)),
    departments: await db.select({ id: departments.id, name: departments.name }).from(departments).where(eq29(departments.companyId, companyId)).orderBy(asc10(departments.name)),
    customers: await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq29(customers.companyId, companyId)).orderBy(asc10(customers.name))
  };
}
async function userForEdit(db, auth, id) {
  if (id !== auth.user.id && !canUsers(auth, ACTION.EDIT) && !canUsers(auth, ACTION.VIEW)) {
    throw AppError.forbidden();
  }
  const user = await findUser(db, auth, id);
  return { user: toRecord(user), ...await userOptions(db, auth, user.permissionRoleId) };
}
async function assertOwned(db, companyId, form) {
  const checks = [
    ["permission_role_id", roles, form.permission_role_id, roles.id, roles.companyId],
    ["department_id", departments, form.department_id, departments.id, departments.companyId],
    ["customer_id", customers, form.customer_id, customers.id, customers.companyId]
  ];
  for (const [field2, table, id, idCol, companyCol] of checks) {
    if (id === null) continue;
    const [row] = await db.select({ id: idCol }).from(table).where(and28(eq29(idCol, id), eq29(companyCol, companyId)));
    if (!row) throw AppError.invalidField(field2, "The selected value is invalid.");
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(and28(sql55`lower(${users.email}) = lower(${form.email})`, form.id ? ne6(users.id, form.id) : void 0));
  if (taken) throw AppError.invalidField("email", USER_MSG.emailTaken);
}
function checkSelfEdit(auth, before, form) {
  if (form.role !== before.role || form.permission_role_id !== before.permissionRoleId) {
    throw AppError.forbidden(USER_MSG.ownRole);
  }
  if (canUsers(auth, ACTION.EDIT)) return;
  const same = form.department_id === before.departmentId && form.customer_id === before.customerId && form.active === before.active;
  if (!same) throw AppError.forbidden(USER_MSG.ownFields);
}
async function revokeSessions(tx, userId, keepSessionId) {
  const revoked = await tx.update(sessions).set({ revokedAt: /* @__PURE__ */ new Date() }).where(
    and28(
      eq29(sessions.userId, userId),
      isNull6(sessions.revokedAt),
      keepSessionId === void 0 ? void 0 : ne6(sessions.id, keepSessionId)
    )
  ).returning({ id: sessions.id });
  return revoked.length;
}
async function saveUser(deps, auth, form) {
  const { db } = deps;
  const before = form.id ? await findUser(db, auth, form.id) : null;
  const self = before?.id === auth.user.id;
  if (before) {
    if (self) checkSelfEdit(auth, before, form);
    else if (!canUsers(auth, ACTION.EDIT)) throw AppError.forbidden();
  } else {
    if (!canUsers(auth, ACTION.CREATE)) throw AppError.forbidden();
    if (!form.password && !form.send_reset) throw AppError.invalidField("password", USER_MSG.passwordOrReset);
  }
  await assertOwned(db, auth.user.companyId, form);
  const passwordHash = form.password ? await hashPassword(form.password) : before ? null : await hashPassword(randomBytes2(32).toString("base64url"));
  const values2 = {
    name: form.name,
    email: form.email.trim(),
    role: form.role,
    permissionRoleId: form.permission_role_id,
    departmentId: form.department_id,
    customerId: form.customer_id,
    active: form.active,
    image: form.image || null,
    ...passwordHash ? { passwordHash } : {}
  };
  const saved = await db.transaction(async (tx) => {
    const [current2] = before ? await lockUsers(tx, auth.user.companyId, [before.id]) : [null];
    if (current2 === void 0) throw AppError.notFound();
    await assertUserChange(tx, auth, [{ user: current2, roleId: form.permission_role_id, leaves: !form.active }]);
    const [row] = before ? await tx.update(users).set({ ...values2, updatedAt: /* @__PURE__ */ new Date() }).where(eq29(users.id, before.id)).returning() : await tx.insert(users).values({ companyId: auth.user.companyId, ...values2, passwordHash }).returning();
    if (!row) throw AppError.notFound();
    let revoked = 0;
    if (before && (form.password || !form.active)) {
      revoked = await revokeSessions(tx, row.id, self && form.active ? auth.sessionId : void 0);
    }
    await writeAudit(tx, {
      actor: auth.user,
      entity: "users",
      entityId: row.id,
      action: before ? "update" : "create",
      before: before ? toRecord(before) : null,
      after: { ...toRecord(row), credentials_changed: Boolean(form.password), sessions_revoked: revoked }
    });
    return row;
  });
  const resetSent = form.send_reset && !form.password;
  if (resetSent) await sendResetLink(deps, saved.email);
  return { user: toRecord(saved), resetSent };
}
async function deleteUser(db, auth, id) {
  const before = await findUser(db, auth, id);
  if (id !== auth.user.id && !canUsers(auth, ACTION.DELETE)) throw AppError.forbidden();
  await db.transaction(async (tx) => {
    const [current2] = await lockUsers(tx, auth.user.companyId, [id]);
    if (!current2) throw AppError.notFound();
    await assertUserChange(tx, auth, [{ user: current2, roleId: current2.permissionRoleId, leaves: true }]);
    const revoked = await revokeSessions(tx, id);
    await tx.update(employees).set({ userId: null }).where(eq29(employees.userId, id));
    await tx.delete(users).where(eq29(users.id, id));
    await writeAudit(tx, {
      actor: auth.user,
      entity: "users",
      entityId: id,
      action: "delete",
      before: { ...toRecord(before), sessions_revoked: revoked }
    });
  });
}
var USER_MSG, toRecord, canUsers;
var init_users_service = __esm({
  "src/modules/users/users.service.ts"() {
    "use strict";
    init_src();
    init_audit();
    init_auth_table();
    init_password();
    init_errors2();
    init_customers();
    init_employees();
    init_roles();
    init_session();
    USER_MSG = {
      ownRole: "You cannot change your own role or permission role.",
      ownFields: "Without the Users edit permission you may change only your name, e-mail, password and picture.",
      emailTaken: "The e-mail has already been taken.",
      passwordOrReset: "Set a password or send a reset link.",
      administratorsOnly: ROLE_RULE_MSG.administratorsOnly,
      lastAdministrator: ROLE_RULE_MSG.lastAdministrator
    };
    toRecord = (u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      permission_role_id: u.permissionRoleId,
      department_id: u.departmentId,
      customer_id: u.customerId,
      active: u.active,
      image: u.image
    });
    canUsers = (auth, action) => can(auth.grants, { section: SECTION.Users, action });
  }
});

// src/modules/users/users.routes.ts
import { z as z59 } from "zod";
var IdParams17, usersRoutes;
var init_users_routes = __esm({
  "src/modules/users/users.routes.ts"() {
    "use strict";
    init_src();
    init_users_contract();
    init_guard();
    init_list_routes();
    init_users_list();
    init_users_service();
    IdParams17 = z59.object({ id: z59.coerce.number().int().positive() });
    usersRoutes = {
      name: "users",
      register(app2, { database: { db }, config: config2, mailer }) {
        const tags = ["Users"];
        registerListRoute(app2, db, usersList, { url: "/users/list", tags });
        app2.get("/users/create", {
          config: { access: { section: SECTION.Users, action: ACTION.CREATE } },
          schema: { tags, response: { 200: UserOptionsSchema } },
          handler: (req) => userOptions(db, caller(req))
        });
        app2.get("/users/:id/edit", {
          config: { access: "session" },
          schema: { tags, params: IdParams17, response: { 200: UserEditResponseSchema } },
          handler: (req) => userForEdit(db, caller(req), req.params.id)
        });
        app2.post("/users", {
          config: { access: "session" },
          schema: { tags, body: UserFormSchema, response: { 200: UserSaveResponseSchema } },
          handler: async (req) => {
            const { user, resetSent } = await saveUser({ db, config: config2, mailer }, caller(req), req.body);
            return { message: MSG.savingSuccess, user, reset_sent: resetSent };
          }
        });
        app2.delete("/users/:id", {
          config: { access: "session" },
          schema: { tags, params: IdParams17, response: { 200: MessageBodySchema } },
          handler: async (req) => {
            await deleteUser(db, caller(req), req.params.id);
            return { message: MSG.removalSuccess };
          }
        });
      }
    };
  }
});

// src/platform/http/health.routes.ts
import { z as z60 } from "zod";
var healthRoutes;
var init_health_routes = __esm({
  "src/platform/http/health.routes.ts"() {
    "use strict";
    healthRoutes = {
      name: "health",
      register(app2, { database: database2 }) {
        app2.get("/health", {
          config: { access: "public" },
          schema: { tags: ["Health"], response: { 200: z60.object({ status: z60.literal("ok") }) } },
          handler: async () => {
            await database2.query("select 1");
            return { status: "ok" };
          }
        });
      }
    };
  }
});

// src/platform/jobs/jobs.runner.ts
import PgBoss from "pg-boss";
function createInProcessDispatcher(run, concurrency = 2) {
  const waiting = [];
  const active = /* @__PURE__ */ new Set();
  let stopped = false;
  const pump = () => {
    while (!stopped && active.size < concurrency && waiting.length) {
      const id = waiting.shift();
      const p = run(id).catch(() => {
      }).finally(() => {
        active.delete(p);
        pump();
      });
      active.add(p);
    }
  };
  return {
    kind: "in-process",
    start: async () => {
      stopped = false;
    },
    listen: async () => {
    },
    dispatch: async (_name, jobId) => {
      waiting.push(jobId);
      setImmediate(pump);
    },
    stop: async () => {
      stopped = true;
      waiting.length = 0;
      await Promise.allSettled([...active]);
    }
  };
}
function createPgBossDispatcher(database2, run, opts) {
  const pool = database2.pool;
  if (!pool) throw new Error("pg-boss needs the PostgreSQL pool");
  const boss = new PgBoss({
    db: { executeSql: (text31, values2) => pool.query(text31, values2) },
    schema: "pgboss",
    supervise: opts.work,
    schedule: false
  });
  boss.on("error", () => {
  });
  const queues = /* @__PURE__ */ new Map();
  let chain = Promise.resolve();
  let started = false;
  let starting = null;
  function ensure(names) {
    starting ??= (async () => {
      await boss.start();
      started = true;
    })();
    return starting.then(async () => {
      for (const n of /* @__PURE__ */ new Set([...names, ...opts.names()])) await listen(n);
    });
  }
  function listen(name) {
    if (!started) return Promise.resolve();
    const known = queues.get(name);
    if (known) return known;
    const ready = chain.then(async () => {
      await boss.createQueue(name, { name, retryLimit: 0, expireInHours: 12 });
      if (opts.work) {
        await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (batch) => {
          for (const job of batch) await run(job.data.jobId);
        });
      }
    });
    chain = ready.catch(() => {
    });
    queues.set(name, ready);
    ready.catch(() => queues.delete(name));
    return ready;
  }
  return {
    kind: "pg-boss",
    start: (names) => ensure(names),
    listen,
    async dispatch(name, jobId) {
      await ensure([name]);
      await listen(name);
      await boss.send(name, { jobId }, { retryLimit: 0 });
    },
    async stop() {
      if (starting) await starting.catch(() => {
      });
      if (started) await boss.stop({ graceful: true, wait: true, close: false, timeout: 1e4 });
      started = false;
      starting = null;
      queues.clear();
      chain = Promise.resolve();
    }
  };
}
var init_jobs_runner = __esm({
  "src/platform/jobs/jobs.runner.ts"() {
    "use strict";
  }
});

// src/platform/jobs/jobs.schedule.ts
import { createHash as createHash2 } from "node:crypto";
function zonedInstant(day2, hour, minute, timeZone) {
  const [y, m, d] = day2.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offset = (t) => {
    const p = zonedParts(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
  };
  return new Date(wall - offset(wall - offset(wall)));
}
function nextDailyRun(now, at) {
  const today = nowInCompanyTimeZone(now, at.timeZone).date;
  for (const add of [0, 1, 2]) {
    const day2 = addDays(today, add);
    const instant = zonedInstant(day2, at.hour, at.minute ?? 0, at.timeZone);
    if (instant.getTime() > now.getTime()) return { at: instant, day: day2 };
  }
  throw new Error("no next run");
}
var dailyJobId;
var init_jobs_schedule = __esm({
  "src/platform/jobs/jobs.schedule.ts"() {
    "use strict";
    init_formats();
    dailyJobId = (name, day2) => {
      const h = createHash2("sha1").update(`${name}:${day2}`).digest("hex");
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    };
  }
});

// src/platform/jobs/jobs.table.ts
import { index as index21, integer as integer24, jsonb as jsonb3, pgTable as pgTable25, text as text28, timestamp as timestamp23, uuid } from "drizzle-orm/pg-core";
var jobs;
var init_jobs_table = __esm({
  "src/platform/jobs/jobs.table.ts"() {
    "use strict";
    jobs = pgTable25(
      "jobs",
      {
        id: uuid().primaryKey(),
        companyId: integer24(),
        name: text28().notNull(),
        /** queued, running, completed, failed */
        status: text28().notNull(),
        data: jsonb3().$type().notNull(),
        result: jsonb3().$type(),
        error: text28(),
        done: integer24().notNull().default(0),
        total: integer24().notNull().default(0),
        attempts: integer24().notNull().default(0),
        createdBy: integer24(),
        createdAt: timestamp23({ withTimezone: true }).notNull().defaultNow(),
        startedAt: timestamp23({ withTimezone: true }),
        finishedAt: timestamp23({ withTimezone: true }),
        /** Touched while running: a running job with an old heartbeat lost its worker and is resumed. */
        heartbeatAt: timestamp23({ withTimezone: true })
      },
      (t) => [index21("jobs_status_idx").on(t.status)]
    );
  }
});

// src/platform/jobs/jobs.service.ts
import { randomUUID as randomUUID3 } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { and as and29, eq as eq30, inArray as inArray11, sql as sql56 } from "drizzle-orm";
function createJobsService(opts) {
  const { db } = opts.database;
  const staleSeconds = opts.staleSeconds ?? STALE_SECONDS;
  const beatMs = Math.min(15e3, staleSeconds * 1e3 / 4);
  let sweeper;
  const handlers = /* @__PURE__ */ new Map();
  const local = /* @__PURE__ */ new Map();
  const daily = [];
  const inProcess = createInProcessDispatcher((id) => run(id));
  const dispatcher = opts.database.kind === "postgres" ? createPgBossDispatcher(opts.database, (id) => run(id), { work: opts.work, names: () => [...handlers.keys()] }) : inProcess;
  let started = false;
  async function find(id) {
    const [row] = await db.select().from(jobs).where(eq30(jobs.id, id));
    if (!row) throw AppError.notFound();
    return row;
  }
  async function run(id) {
    const [job] = await db.update(jobs).set({
      status: "running",
      startedAt: /* @__PURE__ */ new Date(),
      heartbeatAt: /* @__PURE__ */ new Date(),
      error: null,
      attempts: sql56`${jobs.attempts} + 1`
    }).where(and29(eq30(jobs.id, id), eq30(jobs.status, "queued"))).returning();
    if (!job) return;
    const handler = local.get(id) ?? handlers.get(job.name);
    let last = 0;
    let pending = Promise.resolve();
    let latest = null;
    let trailing;
    const write = () => {
      const p = latest;
      latest = null;
      last = Date.now();
      if (!p) return pending;
      const set = { done: p.done, ...p.total === void 0 ? {} : { total: p.total }, heartbeatAt: /* @__PURE__ */ new Date() };
      pending = pending.then(() => db.update(jobs).set(set).where(eq30(jobs.id, id))).catch(() => {
      });
      return pending;
    };
    const beat = setInterval(() => {
      pending = pending.then(() => db.update(jobs).set({ heartbeatAt: /* @__PURE__ */ new Date() }).where(eq30(jobs.id, id))).catch(() => {
      });
    }, beatMs);
    const ctx = {
      id,
      data: job.data,
      companyId: job.companyId,
      createdBy: job.createdBy,
      // At most one write per 250 ms, and the last value always lands (a trailing write).
      async progress(done, total) {
        await nextTurn();
        latest = { done, total };
        const wait = 250 - (Date.now() - last);
        if (wait <= 0 || total !== void 0 && done >= total) {
          clearTimeout(trailing);
          trailing = void 0;
          await write();
        } else {
          trailing ??= setTimeout(() => {
            trailing = void 0;
            void write();
          }, wait);
        }
      }
    };
    try {
      if (!handler) throw new Error(JOB_MSG.unknown(job.name));
      const result = await handler(ctx);
      clearTimeout(trailing);
      await write();
      await db.update(jobs).set({
        status: "completed",
        result: result ?? null,
        done: sql56`greatest(${jobs.done}, ${jobs.total})`,
        finishedAt: /* @__PURE__ */ new Date()
      }).where(eq30(jobs.id, id));
    } catch (err) {
      clearTimeout(trailing);
      await write();
      const error = err instanceof AppError || err instanceof Error ? err.message : String(err);
      await db.update(jobs).set({ status: "failed", error, finishedAt: /* @__PURE__ */ new Date() }).where(eq30(jobs.id, id));
    } finally {
      clearInterval(beat);
      local.delete(id);
    }
  }
  async function insert(name, data, actor, total) {
    const [row] = await db.insert(jobs).values({
      id: randomUUID3(),
      name,
      status: "queued",
      data,
      total,
      companyId: actor?.companyId ?? null,
      createdBy: actor?.id ?? null
    }).returning();
    if (!row) throw new Error("job not created");
    return row;
  }
  async function enqueueDaily(name, day2) {
    const [row] = await db.insert(jobs).values({ id: dailyJobId(name, day2), name, status: "queued", data: { day: day2 }, companyId: null, createdBy: null }).onConflictDoNothing().returning();
    if (row) await dispatcher.dispatch(name, row.id);
    return row ?? null;
  }
  function arm(entry) {
    const next = nextDailyRun(/* @__PURE__ */ new Date(), entry.at);
    entry.timer = setTimeout(() => {
      void enqueueDaily(entry.name, next.day).catch(() => {
      }).finally(() => {
        if (started) arm(entry);
      });
    }, next.at.getTime() - Date.now());
    entry.timer.unref?.();
  }
  async function requeueLost() {
    const lost2 = opts.database.kind === "pglite" ? eq30(jobs.status, "running") : sql56`${jobs.status} = 'running' and (${jobs.heartbeatAt} is null or ${jobs.heartbeatAt} < now() - make_interval(secs => ${staleSeconds}))`;
    const again = await db.update(jobs).set({ status: "queued" }).where(and29(lost2, sql56`(${jobs.data} ->> ${LOCAL}) is distinct from 'true'`)).returning({ id: jobs.id, name: jobs.name });
    for (const j of again) await dispatcher.dispatch(j.name, j.id);
  }
  async function resume() {
    await db.update(jobs).set({ status: "failed", error: JOB_MSG.interrupted, finishedAt: /* @__PURE__ */ new Date() }).where(and29(sql56`(${jobs.data} ->> ${LOCAL}) = 'true'`, inArray11(jobs.status, ["queued", "running"])));
    const queued = await db.select({ id: jobs.id, name: jobs.name }).from(jobs).where(eq30(jobs.status, "queued"));
    for (const j of queued) await dispatcher.dispatch(j.name, j.id);
    await requeueLost();
    if (opts.database.kind === "postgres") {
      sweeper = setInterval(() => void requeueLost().catch(() => {
      }), staleSeconds * 1e3 / 2);
      sweeper.unref?.();
    }
  }
  return {
    kind: dispatcher.kind,
    /** A module declares the work behind a job name once, at registration. */
    define(name, handler) {
      handlers.set(name, handler);
      if (started) void dispatcher.listen(name).catch(() => {
      });
    },
    /**
     * Runs job `name` (defined with `define`) once a day at a wall-clock time, e.g. 06:00 in
     * America/Chicago, while this process works jobs. The job's data is { day: 'YYYY-MM-DD' }.
     */
    scheduleDaily(name, at) {
      const entry = { name, at };
      daily.push(entry);
      if (started && opts.work) arm(entry);
    },
    enqueueDaily,
    async enqueue(name, data, o) {
      const row = await insert(name, data, o.actor, o.total ?? 0);
      await dispatcher.dispatch(name, row.id);
      return row;
    },
    /** Work whose input lives only in this process (a stream): it runs here and is not resumed. */
    async runHere(name, o, handler) {
      const row = await insert(name, { [LOCAL]: true }, o.actor, o.total ?? 0);
      local.set(row.id, handler);
      await inProcess.dispatch(name, row.id);
      return row;
    },
    find,
    /** A job as its creator (or an administrator) may see it. */
    async get(auth, id) {
      const row = await find(id).catch(() => null);
      if (!row || row.createdBy !== auth.user.id && !auth.grants.all) throw AppError.notFound();
      return row;
    },
    async retry(auth, id) {
      const row = await this.get(auth, id);
      if (row.status !== "failed") throw AppError.precondition(JOB_MSG.notRetryable);
      if (row.data[LOCAL] === true) throw AppError.precondition(JOB_MSG.localNotRetryable);
      const [queued] = await db.update(jobs).set({ status: "queued", error: null, done: 0, finishedAt: null }).where(and29(eq30(jobs.id, id), eq30(jobs.status, "failed"))).returning();
      if (!queued) throw AppError.precondition(JOB_MSG.notRetryable);
      await dispatcher.dispatch(queued.name, queued.id);
      return queued;
    },
    async start() {
      if (started) return;
      await inProcess.start([]);
      if (dispatcher !== inProcess && opts.eager) await dispatcher.start([...handlers.keys()]);
      started = true;
      if (opts.work) {
        await resume();
        for (const entry of daily) arm(entry);
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      clearInterval(sweeper);
      for (const entry of daily) clearTimeout(entry.timer);
      await inProcess.stop();
      if (dispatcher !== inProcess) await dispatcher.stop();
    }
  };
}
function jobJson(row) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    done: row.done,
    total: row.total,
    error: row.error,
    result: row.result ?? null,
    attempts: row.attempts,
    created_at: new Date(row.createdAt).toISOString(),
    finished_at: row.finishedAt ? new Date(row.finishedAt).toISOString() : null
  };
}
var JOB_MSG, LOCAL, STALE_SECONDS;
var init_jobs_service = __esm({
  "src/platform/jobs/jobs.service.ts"() {
    "use strict";
    init_errors2();
    init_jobs_runner();
    init_jobs_schedule();
    init_jobs_table();
    init_jobs_schedule();
    JOB_MSG = {
      notRetryable: "Only a failed job can be retried.",
      interrupted: "The job was interrupted by a restart; start it again.",
      localNotRetryable: "This job cannot be retried: start it again.",
      unknown: (name) => `No worker handles jobs named ${name}.`
    };
    LOCAL = "_local";
    STALE_SECONDS = 60;
  }
});

// src/platform/jobs/jobs.routes.ts
import { z as z61 } from "zod";
var JobSchema, Params, jobsRoutes;
var init_jobs_routes = __esm({
  "src/platform/jobs/jobs.routes.ts"() {
    "use strict";
    init_guard();
    init_jobs_service();
    JobSchema = z61.object({
      id: z61.string(),
      name: z61.string(),
      status: z61.enum(["queued", "running", "completed", "failed"]),
      done: z61.number().int(),
      total: z61.number().int(),
      error: z61.string().nullable(),
      result: z61.unknown(),
      attempts: z61.number().int(),
      created_at: z61.string(),
      finished_at: z61.string().nullable()
    });
    Params = z61.object({ id: z61.string().uuid() });
    jobsRoutes = {
      name: "jobs",
      register(app2, { jobs: jobs2 }) {
        app2.get("/jobs/:id", {
          config: { access: "session" },
          schema: { tags: ["Jobs"], params: Params, response: { 200: JobSchema } },
          handler: async (req) => jobJson(await jobs2.get(caller(req), req.params.id))
        });
        app2.post("/jobs/:id/retry", {
          config: { access: "session" },
          schema: { tags: ["Jobs"], params: Params, response: { 200: JobSchema } },
          handler: async (req) => jobJson(await jobs2.retry(caller(req), req.params.id))
        });
      }
    };
  }
});

// src/platform/live/live.routes.ts
function mayReceive(auth, event, live) {
  if (event.visibleTo && !event.visibleTo.includes(auth.user.id)) return false;
  const section2 = live.sectionOf(event.topic);
  return section2 !== void 0 && can(auth.grants, { section: section2 });
}
var HEARTBEAT_MS, liveRoutes;
var init_live_routes = __esm({
  "src/platform/live/live.routes.ts"() {
    "use strict";
    init_src();
    init_guard();
    HEARTBEAT_MS = 25e3;
    liveRoutes = {
      name: "live",
      register(app2, { live }) {
        const open = /* @__PURE__ */ new Set();
        app2.addHook("onClose", async () => {
          for (const res of open) res.end();
        });
        app2.get("/live", {
          config: { access: "session" },
          schema: { tags: ["Live"], hide: true },
          handler: async (req, reply) => {
            const auth = caller(req);
            reply.hijack();
            const res = reply.raw;
            res.writeHead(200, {
              "content-type": "text/event-stream; charset=utf-8",
              "cache-control": "no-cache, no-transform",
              connection: "keep-alive",
              "x-accel-buffering": "no"
            });
            res.write("retry: 3000\n: connected\n\n");
            open.add(res);
            const unsubscribe = live.subscribe(auth.user.companyId, (event) => {
              if (auth.expiresAt.getTime() < Date.now()) return void res.end();
              if (!mayReceive(auth, event, live)) return;
              const { visibleTo: _, ...data } = event;
              res.write(`event: change
data: ${JSON.stringify(data)}

`);
            });
            const beat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
            const end = () => {
              clearInterval(beat);
              unsubscribe();
              open.delete(res);
            };
            req.raw.on("close", end);
            res.on("close", end);
          }
        });
      }
    };
  }
});

// src/platform/mail/mail.table.ts
import { index as index22, integer as integer25, jsonb as jsonb4, pgTable as pgTable26, serial as serial24, text as text29, timestamp as timestamp24 } from "drizzle-orm/pg-core";
var mailMessages;
var init_mail_table = __esm({
  "src/platform/mail/mail.table.ts"() {
    "use strict";
    mailMessages = pgTable26(
      "mail_messages",
      {
        id: serial24().primaryKey(),
        companyId: integer25(),
        createdBy: integer25(),
        to: text29().notNull(),
        subject: text29().notNull(),
        text: text29().notNull(),
        html: text29(),
        template: text29().notNull(),
        /** outbox (no SMTP configured), queued, sent, failed */
        status: text29().notNull(),
        error: text29(),
        attempts: integer25().notNull().default(0),
        attachments: jsonb4().$type(),
        createdAt: timestamp24({ withTimezone: true }).notNull().defaultNow(),
        sentAt: timestamp24({ withTimezone: true })
      },
      (t) => [index22("mail_messages_created_idx").on(t.createdAt)]
    );
  }
});

// src/platform/mail/mailer.ts
import { desc as desc6, eq as eq31, isNull as isNull7, or as or3, sql as sql57 } from "drizzle-orm";
import nodemailer from "nodemailer";
function createMailer(opts) {
  const { db } = opts;
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  async function storeAttachments(id, message) {
    const out = [];
    for (const a of message.attachments ?? []) {
      const file = opts.files ? await opts.files.store({
        companyId: message.companyId ?? null,
        entity: "mail",
        entityId: id,
        category: "attachment",
        name: a.filename,
        mime: a.contentType,
        data: a.content,
        uploadedBy: message.createdBy ?? null
      }) : null;
      out.push({ fileId: file?.id ?? null, filename: a.filename, contentType: a.contentType, size: a.content.length });
    }
    return out;
  }
  async function deliver(row, attachments) {
    if (!transport) return { id: row.id, status: "outbox" };
    try {
      await transport.sendMail({
        from: opts.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...row.html ? { html: row.html } : {},
        attachments
      });
      await db.update(mailMessages).set({ status: "sent", sentAt: /* @__PURE__ */ new Date(), error: null, attempts: sql57`${mailMessages.attempts} + 1` }).where(eq31(mailMessages.id, row.id));
      return { id: row.id, status: "sent" };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await db.update(mailMessages).set({ status: "failed", error, attempts: sql57`${mailMessages.attempts} + 1` }).where(eq31(mailMessages.id, row.id));
      return { id: row.id, status: "failed", error };
    }
  }
  return {
    smtp: transport !== null,
    async send(message) {
      const [row] = await db.insert(mailMessages).values({
        companyId: message.companyId ?? null,
        createdBy: message.createdBy ?? null,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        template: message.template,
        status: transport ? "queued" : "outbox",
        attachments: []
      }).returning();
      if (!row) throw new Error("mail row not created");
      const stored = await storeAttachments(row.id, message);
      if (stored.length) await db.update(mailMessages).set({ attachments: stored }).where(eq31(mailMessages.id, row.id));
      return deliver(row, message.attachments ?? []);
    },
    async retry(id) {
      if (!transport) throw AppError.precondition(MAIL_MSG.noSmtp);
      const [row] = await db.select().from(mailMessages).where(eq31(mailMessages.id, id));
      if (!row) throw AppError.notFound();
      if (row.status === "sent") throw AppError.precondition(MAIL_MSG.alreadySent);
      const attachments = [];
      for (const a of row.attachments ?? []) {
        if (a.fileId === null || !opts.files) continue;
        const { body } = await opts.files.read(a.fileId);
        attachments.push({ filename: a.filename, contentType: a.contentType, content: body });
      }
      return deliver(row, attachments);
    },
    close() {
      transport?.close();
    }
  };
}
async function listOutbox(db, opts) {
  const where = opts.status ? sql57`${ofCompany(opts.companyId)} and ${mailMessages.status} = ${opts.status}` : ofCompany(opts.companyId);
  return db.select().from(mailMessages).where(where).orderBy(desc6(mailMessages.id)).limit(opts.limit ?? 100);
}
async function listRetryable(db, companyId, maxAttempts = 5) {
  return db.select({ id: mailMessages.id }).from(mailMessages).where(
    sql57`${ofCompany(companyId)} and ${mailMessages.status} = 'failed' and ${mailMessages.attempts} < ${maxAttempts} and ${mailMessages.createdAt} > now() - interval '7 days'`
  ).orderBy(mailMessages.id);
}
async function findMessage(db, id, companyId) {
  const [row] = await db.select().from(mailMessages).where(sql57`${mailMessages.id} = ${id} and ${ofCompany(companyId)}`);
  if (!row) throw AppError.notFound();
  return row;
}
var MAIL_MSG, ofCompany;
var init_mailer = __esm({
  "src/platform/mail/mailer.ts"() {
    "use strict";
    init_errors2();
    init_mail_table();
    MAIL_MSG = {
      noSmtp: "No SMTP server is configured: messages stay in the outbox.",
      alreadySent: "This message has already been sent."
    };
    ofCompany = (companyId) => or3(eq31(mailMessages.companyId, companyId), isNull7(mailMessages.companyId));
  }
});

// src/platform/mail/mail.routes.ts
import { z as z62 } from "zod";
function rowJson(r) {
  const hidden = isSecretTemplate(r.template) && r.status === "sent";
  return {
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: hidden ? HIDDEN_BODY : r.text,
    html: hidden ? null : r.html,
    template: r.template,
    status: r.status,
    error: r.error,
    attempts: r.attempts,
    attachments: (r.attachments ?? []).map((a) => ({
      file_id: a.fileId,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
      url: a.fileId === null ? null : `/api/files/${a.fileId}/download`
    })),
    created_at: new Date(r.createdAt).toISOString(),
    sent_at: r.sentAt ? new Date(r.sentAt).toISOString() : null
  };
}
var AttachmentSchema, OutboxRowSchema, SendResultSchema2, HIDDEN_BODY, MAIL_RETRY_JOB, VIEW2, SEND, mailRoutes;
var init_mail_routes = __esm({
  "src/platform/mail/mail.routes.ts"() {
    "use strict";
    init_src();
    init_guard();
    init_errors2();
    init_mailer();
    init_templates();
    AttachmentSchema = z62.object({
      file_id: z62.number().int().nullable(),
      filename: z62.string(),
      content_type: z62.string(),
      size: z62.number().int(),
      url: z62.string().nullable()
    });
    OutboxRowSchema = z62.object({
      id: z62.number().int(),
      to: z62.string(),
      subject: z62.string(),
      text: z62.string(),
      html: z62.string().nullable(),
      template: z62.string(),
      status: z62.string(),
      error: z62.string().nullable(),
      attempts: z62.number().int(),
      attachments: z62.array(AttachmentSchema),
      created_at: z62.string(),
      sent_at: z62.string().nullable()
    });
    SendResultSchema2 = z62.object({
      id: z62.number().int(),
      status: z62.enum(["outbox", "sent", "failed"]),
      error: z62.string().nullable()
    });
    HIDDEN_BODY = "The body is hidden: it contains a one-time link and was delivered.";
    MAIL_RETRY_JOB = "mail.retry-failed";
    VIEW2 = { section: SECTION.Mail, action: ACTION.VIEW };
    SEND = { section: SECTION.Mail, action: ACTION.SEND };
    mailRoutes = {
      name: "mail",
      register(app2, { database: { db }, mailer, jobs: jobs2 }) {
        jobs2.define(MAIL_RETRY_JOB, async (ctx) => {
          const failed = await listRetryable(db, ctx.data.companyId);
          let sent = 0;
          for (const [i, m] of failed.entries()) {
            if ((await mailer.retry(m.id)).status === "sent") sent++;
            await ctx.progress(i + 1, failed.length);
          }
          return { retried: failed.length, sent };
        });
        app2.post("/mail/retry-failed", {
          config: { access: SEND },
          schema: { tags: ["Mail"], response: { 200: z62.object({ job_id: z62.string() }) } },
          handler: async (req) => {
            const { user } = caller(req);
            if (!mailer.smtp) throw AppError.precondition(MAIL_MSG.noSmtp);
            const job = await jobs2.enqueue(MAIL_RETRY_JOB, { companyId: user.companyId }, { actor: user });
            return { job_id: job.id };
          }
        });
        app2.get("/mail/outbox", {
          config: { access: VIEW2 },
          schema: {
            tags: ["Mail"],
            querystring: z62.object({
              limit: z62.coerce.number().int().min(1).max(1e3).default(100),
              status: z62.enum(["outbox", "queued", "sent", "failed"]).optional()
            }),
            response: { 200: z62.object({ rows: z62.array(OutboxRowSchema), smtp: z62.boolean() }) }
          },
          handler: async (req) => {
            const { companyId } = caller(req).user;
            const rows = await listOutbox(db, {
              companyId,
              limit: req.query.limit,
              ...req.query.status ? { status: req.query.status } : {}
            });
            return { rows: rows.map(rowJson), smtp: mailer.smtp };
          }
        });
        app2.get("/mail/:id", {
          config: { access: VIEW2 },
          schema: {
            tags: ["Mail"],
            params: z62.object({ id: z62.coerce.number().int().positive() }),
            response: { 200: z62.object({ message: OutboxRowSchema }) }
          },
          handler: async (req) => ({ message: rowJson(await findMessage(db, req.params.id, caller(req).user.companyId)) })
        });
        app2.post("/mail/:id/retry", {
          config: { access: SEND },
          schema: {
            tags: ["Mail"],
            params: z62.object({ id: z62.coerce.number().int().positive() }),
            response: { 200: SendResultSchema2 }
          },
          handler: async (req) => {
            await findMessage(db, req.params.id, caller(req).user.companyId);
            const result = await mailer.retry(req.params.id);
            return { id: result.id, status: result.status, error: result.error ?? null };
          }
        });
        app2.post("/mail/test", {
          config: { access: SEND },
          schema: {
            tags: ["Mail"],
            body: z62.object({ to: z62.string().trim().email() }),
            response: { 200: SendResultSchema2 }
          },
          handler: async (req) => {
            const { user } = caller(req);
            const mail = testMail({ sender: user.name, at: (/* @__PURE__ */ new Date()).toISOString() });
            const result = await mailer.send({ ...mail, to: req.body.to, companyId: user.companyId, createdBy: user.id });
            return { id: result.id, status: result.status, error: result.error ?? null };
          }
        });
      }
    };
  }
});

// src/modules.ts
var ROUTE_MODULES;
var init_modules = __esm({
  "src/modules.ts"() {
    "use strict";
    init_billing_routes();
    init_brokers_routes();
    init_cities_routes();
    init_clients_routes();
    init_customers_routes();
    init_dashboard_routes();
    init_drivers_routes();
    init_employees_routes();
    init_expiry_digest_routes();
    init_extraction_routes();
    init_factoring_routes();
    init_general_routes();
    init_invoices_routes();
    init_payments_routes();
    init_receivables_reports_routes();
    init_roles_routes();
    init_schedules_routes();
    init_search_routes();
    init_session_routes();
    init_short_payments_routes();
    init_statistics_routes();
    init_trailers_routes();
    init_loads_routes();
    init_miles_routes();
    init_trips_routes();
    init_trucks_routes();
    init_users_routes();
    init_files_routes();
    init_health_routes();
    init_jobs_routes();
    init_list_routes();
    init_live_routes();
    init_mail_routes();
    ROUTE_MODULES = [
      healthRoutes,
      sessionRoutes,
      rolesRoutes,
      mailRoutes,
      filesRoutes,
      jobsRoutes,
      liveRoutes,
      listRoutes,
      citiesRoutes,
      brokersRoutes,
      driversRoutes,
      expiryDigestRoutes,
      employeesRoutes,
      usersRoutes,
      customersRoutes,
      factoringRoutes,
      clientsRoutes,
      generalRoutes,
      trucksRoutes,
      trailersRoutes,
      tripsRoutes,
      loadsRoutes,
      milesRoutes,
      extractionRoutes,
      statisticsRoutes,
      dashboardRoutes,
      paymentsRoutes,
      receivablesReportsRoutes,
      billingRoutes,
      invoicesRoutes,
      schedulesRoutes,
      shortPaymentsRoutes,
      searchRoutes
    ];
  }
});

// src/platform/http/canonical-url.ts
function removeDotSegments(segments) {
  const out = [];
  for (const s of segments) {
    if (s === ".") continue;
    if (s === "..") out.pop();
    else out.push(s);
  }
  return out;
}
function canonicalUrl(url) {
  const q = url.indexOf("?");
  const rawPath = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? "" : url.slice(q);
  const decoded = rawPath.replace(ENCODED_UNRESERVED, (m) => String.fromCharCode(Number.parseInt(m.slice(1), 16)));
  const segments = removeDotSegments(decoded.split("/").filter((s) => s !== ""));
  return `/${segments.join("/")}${query}`;
}
var ENCODED_UNRESERVED;
var init_canonical_url = __esm({
  "src/platform/http/canonical-url.ts"() {
    "use strict";
    ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/gi;
  }
});

// src/platform/auth/secrets.table.ts
import { pgTable as pgTable27, text as text30, timestamp as timestamp25 } from "drizzle-orm/pg-core";
var serverSecrets;
var init_secrets_table = __esm({
  "src/platform/auth/secrets.table.ts"() {
    "use strict";
    serverSecrets = pgTable27("server_secrets", {
      name: text30().primaryKey(),
      value: text30().notNull(),
      createdAt: timestamp25({ withTimezone: true }).notNull().defaultNow()
    });
  }
});

// src/platform/auth/signed-links.ts
import { createHmac, randomBytes as randomBytes3, timingSafeEqual } from "node:crypto";
import { eq as eq32 } from "drizzle-orm";
function createLinkSigner(secret, now = Date.now) {
  return {
    async sign(path, expiresAt) {
      if (path.includes("?")) throw new Error("a signed link signs a path without a query");
      const canonical = canonicalUrl(path);
      const expires = Math.floor(expiresAt.getTime() / 1e3);
      const signature = mac(await secret(), canonical, expires).toString("base64url");
      return `${canonical}?expires=${expires}&signature=${signature}`;
    },
    async verify(url) {
      const q = url.indexOf("?");
      if (q < 0) return null;
      const path = canonicalUrl(url.slice(0, q));
      const params = new URLSearchParams(url.slice(q + 1));
      if ([...params.keys()].sort().join() !== "expires,signature") return null;
      const expiresText = params.get("expires") ?? "";
      if (!/^\d{1,12}$/.test(expiresText)) return null;
      const expires = Number(expiresText);
      if (expires * 1e3 <= now()) return null;
      const given = Buffer.from(params.get("signature") ?? "", "base64url");
      const wanted = mac(await secret(), path, expires);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
      return { path, expiresAt: new Date(expires * 1e3) };
    }
  };
}
function linkSecretSource(db, configured) {
  let secret = null;
  const load = async () => {
    if (configured) return Buffer.from(configured, "utf8");
    await db.insert(serverSecrets).values({ name: LINK_SECRET_NAME, value: randomBytes3(32).toString("base64url") }).onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq32(serverSecrets.name, LINK_SECRET_NAME));
    if (!row) throw new Error("the link-signing secret could not be stored");
    return Buffer.from(row.value, "base64url");
  };
  return () => {
    secret ??= load().catch((err) => {
      secret = null;
      throw err;
    });
    return secret;
  };
}
var mac, LINK_SECRET_NAME;
var init_signed_links = __esm({
  "src/platform/auth/signed-links.ts"() {
    "use strict";
    init_canonical_url();
    init_secrets_table();
    mac = (secret, path, expires) => createHmac("sha256", secret).update(`${path}
${expires}`).digest();
    LINK_SECRET_NAME = "link_signing";
  }
});

// src/platform/export/export.service.ts
import { randomUUID as randomUUID4 } from "node:crypto";
import { readFile as readFile3, rm as rm3 } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join5 } from "node:path";
function createExportService(deps) {
  const threshold = deps.threshold ?? DEFAULT_EXPORT_JOB_THRESHOLD;
  async function exportList(input) {
    const tmp = join5(tmpdir2(), `backhaul-export-${randomUUID4()}.${input.format}`);
    const writer = input.format === "xlsx" ? createXlsxWriter(tmp, input.name, input.columns) : createCsvWriter(tmp, input.columns);
    const source = input.rows;
    const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
    let written = 0;
    const finish = async () => {
      await writer.finish(input.totals);
      try {
        const date11 = (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
        const file = await deps.files.store({
          companyId: input.actor.companyId,
          entity: "exports",
          entityId: input.actor.id,
          category: "export",
          name: `${slug(input.name)}-${date11}.${input.format}`,
          mime: MIME[input.format],
          data: await readFile3(tmp),
          uploadedBy: input.actor.id
        });
        return { link: fileLink(file.id), file_id: file.id, rows: written };
      } finally {
        await rm3(tmp, { force: true });
      }
    };
    try {
      if (input.count === void 0 || input.count <= threshold) {
        while (written < threshold) {
          const next = await iterator.next();
          if (next.done) return { link: (await finish()).link };
          await writer.add(next.value);
          written++;
        }
      }
    } catch (err) {
      await rm3(tmp, { force: true });
      throw err;
    }
    const job = await deps.jobs.runHere(
      EXPORT_JOB,
      { actor: input.actor, ...input.count === void 0 ? {} : { total: input.count } },
      async (ctx) => {
        try {
          await ctx.progress(written, input.count);
          for (; ; ) {
            const next = await iterator.next();
            if (next.done) break;
            await writer.add(next.value);
            written++;
            if (written % 500 === 0) await ctx.progress(written, input.count);
          }
          await ctx.progress(written, Math.max(written, input.count ?? 0));
          return await finish();
        } catch (err) {
          await rm3(tmp, { force: true });
          throw err;
        }
      }
    );
    return { link: null, job_id: job.id };
  }
  return { exportList };
}
function setExportService(service) {
  current = service;
}
var MIME, EXPORT_JOB, DEFAULT_EXPORT_JOB_THRESHOLD, slug, current;
var init_export_service = __esm({
  "src/platform/export/export.service.ts"() {
    "use strict";
    init_files_service();
    init_export_writers();
    MIME = {
      xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      csv: "text/csv; charset=utf-8"
    };
    EXPORT_JOB = "export.list";
    DEFAULT_EXPORT_JOB_THRESHOLD = 2e4;
    slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "export";
    current = null;
  }
});

// src/platform/files/sigv4.ts
import { createHash as createHash3, createHmac as createHmac2 } from "node:crypto";
function canonicalQuery(url) {
  const pairs = [...url.searchParams.entries()].map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)]);
  pairs.sort(([a, av], [b, bv]) => a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0);
  return pairs.map(([k, v]) => `${k}=${v}`).join("&");
}
function signV4(input) {
  const stamp = amzDate(input.date);
  const day2 = stamp.slice(0, 8);
  const headers = { ...input.headers, "x-amz-date": stamp };
  if (input.credentials.sessionToken) headers["x-amz-security-token"] = input.credentials.sessionToken;
  if (!Object.keys(headers).some((h) => h.toLowerCase() === "host")) headers.host = input.url.host;
  const canon = Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, " ")]).sort(([a], [b]) => a < b ? -1 : 1);
  const signedHeaders = canon.map(([k]) => k).join(";");
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath(input.url),
    canonicalQuery(input.url),
    canon.map(([k, v]) => `${k}:${v}
`).join(""),
    signedHeaders,
    input.payloadHash
  ].join("\n");
  const scope4 = `${day2}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope4, sha256Hex(canonicalRequest)].join("\n");
  const kDate = hmac(`AWS4${input.credentials.secretAccessKey}`, day2);
  const kSigning = hmac(hmac(hmac(kDate, input.region), input.service), "aws4_request");
  const signature = createHmac2("sha256", kSigning).update(stringToSign).digest("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope4}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
var sha256Hex, hmac, encodeRfc3986, amzDate, canonicalPath;
var init_sigv4 = __esm({
  "src/platform/files/sigv4.ts"() {
    "use strict";
    sha256Hex = (data) => createHash3("sha256").update(data).digest("hex");
    hmac = (key, data) => createHmac2("sha256", key).update(data).digest();
    encodeRfc3986 = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    amzDate = (d) => d.toISOString().replace(/[:-]|\.\d{3}/g, "");
    canonicalPath = (url) => url.pathname.split("/").map((seg) => encodeRfc3986(decodeURIComponent(seg))).join("/") || "/";
  }
});

// src/platform/files/s3-storage.ts
function createS3Storage(opts) {
  const doFetch = opts.fetch ?? fetch;
  const urlOf = (key) => {
    assertStorageKey(key);
    const base = new URL(opts.endpoint);
    if (opts.pathStyle) return new URL(`${base.origin}${base.pathname.replace(/\/$/, "")}/${opts.bucket}/${key}`);
    return new URL(`${base.protocol}//${opts.bucket}.${base.host}/${key}`);
  };
  async function call(method, key, body, contentType) {
    const url = urlOf(key);
    const payloadHash = sha256Hex(body ?? "");
    const headers = signV4({
      method,
      url,
      headers: {
        host: url.host,
        "x-amz-content-sha256": payloadHash,
        ...contentType ? { "content-type": contentType } : {}
      },
      payloadHash,
      credentials: opts.credentials,
      region: opts.region,
      service: "s3",
      date: /* @__PURE__ */ new Date()
    });
    delete headers.host;
    const res = await doFetch(url, { method, headers, ...body ? { body: new Uint8Array(body) } : {} });
    if (!res.ok && !(method === "DELETE" && res.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    return res;
  }
  return {
    kind: "s3",
    async put(key, body, contentType) {
      await call("PUT", key, body, contentType);
    },
    async get(key) {
      return Buffer.from(await (await call("GET", key)).arrayBuffer());
    },
    async remove(key) {
      await call("DELETE", key);
    }
  };
}
var init_s3_storage = __esm({
  "src/platform/files/s3-storage.ts"() {
    "use strict";
    init_sigv4();
    init_storage();
  }
});

// src/platform/files/files.config.ts
import { join as join6 } from "node:path";
import { z as z63 } from "zod";
function storageFromEnv(env, dataDir) {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
      throw new Error("S3_ENDPOINT is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too");
    }
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      pathStyle: env.S3_PATH_STYLE === "1" || env.S3_PATH_STYLE === "true",
      credentials: {
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        sessionToken: env.S3_SESSION_TOKEN
      }
    });
  }
  return createLocalStorage(join6(dataDir, "files"));
}
var FilesEnvSchema, loadFilesEnv;
var init_files_config = __esm({
  "src/platform/files/files.config.ts"() {
    "use strict";
    init_s3_storage();
    init_storage();
    FilesEnvSchema = z63.object({
      FILE_MAX_BYTES: z63.coerce.number().int().positive().default(10 * 1024 * 1024),
      S3_ENDPOINT: z63.string().url().optional(),
      S3_BUCKET: z63.string().optional(),
      S3_REGION: z63.string().default("us-east-1"),
      S3_ACCESS_KEY_ID: z63.string().optional(),
      S3_SECRET_ACCESS_KEY: z63.string().optional(),
      S3_SESSION_TOKEN: z63.string().optional(),
      S3_PATH_STYLE: z63.enum(["0", "1", "true", "false"]).default("1")
    });
    loadFilesEnv = (env = process.env) => FilesEnvSchema.parse(env);
  }
});

// src/platform/http/error-handler.ts
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
function fieldErrorsFromZod(issues) {
  const out = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || "body";
    const list2 = out[path] ?? [];
    list2.push(issue.message ?? "Invalid value.");
    out[path] = list2;
  }
  return out;
}
function answerInternal(err, req, reply) {
  req.log.error({ err, method: req.method, route: req.routeOptions.url ?? null }, "internal error");
  return reply.status(500).header("x-request-id", req.id).send({ message: MSG.whoops });
}
function registerErrorHandler(app2, opts = {}) {
  app2.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(422).send({ message: APP_MSG.validationFailed, errors: fieldErrorsFromZod(err.validation) });
    }
    if (err instanceof AppError) {
      const status2 = STATUS[err.kind];
      if (status2 === 500) return answerInternal(err, req, reply);
      if (err.retryAfterSeconds) reply.header("retry-after", String(err.retryAfterSeconds));
      if (status2 === 404 || status2 === 412) return reply.status(status2).send({ error: { mail: err.message } });
      if (status2 === 422) return reply.status(422).send({ message: err.message, errors: err.fields ?? {} });
      return reply.status(status2).send({ message: err.message });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: "The file is too large." });
    if (status >= 400 && status < 500) {
      return reply.status(422).send({ message: APP_MSG.validationFailed, errors: { body: [err.message] } });
    }
    return answerInternal(err, req, reply);
  });
  app2.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api")) return reply.status(404).send({ error: { mail: "Not found" } });
    if (opts.page) return opts.page(reply);
    return reply.status(404).send("Not found");
  });
}
var STATUS;
var init_error_handler = __esm({
  "src/platform/http/error-handler.ts"() {
    "use strict";
    init_src();
    init_errors2();
    STATUS = {
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      precondition: 412,
      validation: 422,
      conflict: 409,
      too_many: 429,
      payload_too_large: 413,
      internal: 500
    };
  }
});

// src/platform/http/logger.ts
import { randomUUID as randomUUID5 } from "node:crypto";
import { LogController } from "fastify";
function loggerOptions(opts) {
  return {
    logger: {
      level: opts.level,
      ...opts.stream ? { stream: opts.stream } : {},
      serializers: {
        req: (req) => ({
          method: req.method,
          url: redactToken(req.url),
          remoteAddress: req.ip
        })
      }
    },
    logController: new LogController({ disableRequestLogging: !opts.logRequests }),
    genReqId: () => randomUUID5()
  };
}
var redactToken;
var init_logger = __esm({
  "src/platform/http/logger.ts"() {
    "use strict";
    redactToken = (url) => url.replace(/([?&]token=)[^&]*/gi, "$1[redacted]");
  }
});

// src/platform/http/route-registry.ts
function trackRoutes(app2, opts) {
  const routes = [];
  app2.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/docs")) setAccess(route, opts.docsPublic ? "public" : "session");
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      routes.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        }
      });
    }
  });
  return routes;
}
function setAccess(route, access2) {
  route.config = { ...route.config, access: access2 };
}
function declareRoutes(scope4, access2) {
  scope4.addHook("onRoute", (route) => {
    if (!route.config?.access) setAccess(route, access2);
  });
}
var init_route_registry = __esm({
  "src/platform/http/route-registry.ts"() {
    "use strict";
  }
});

// src/platform/http/security-headers.ts
import fastifyCors from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
async function registerSecurityHeaders(app2, opts) {
  await app2.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false
  });
  if (opts.corsOrigins.length === 0) return;
  app2.addHook("onRoute", (route) => {
    if (route.method === "OPTIONS" && route.url === "*" && !route.config?.access) {
      route.config = { ...route.config, access: "public" };
    }
  });
  await app2.register(fastifyCors, {
    origin: opts.corsOrigins,
    credentials: false,
    methods: ["GET", "POST", "PUT", "DELETE"],
    allowedHeaders: ["authorization", "content-type", "accept"],
    exposedHeaders: ["content-disposition", "retry-after"],
    maxAge: 600
  });
}
var CONTENT_SECURITY_POLICY;
var init_security_headers = __esm({
  "src/platform/http/security-headers.ts"() {
    "use strict";
    CONTENT_SECURITY_POLICY = {
      "default-src": ["'self'"],
      "base-uri": ["'self'"],
      "connect-src": ["'self'"],
      "font-src": ["'self'", "data:"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
      "img-src": ["'self'", "data:", "blob:"],
      "object-src": ["'none'"],
      "script-src": ["'self'"],
      "script-src-attr": ["'none'"],
      "style-src": ["'self'", "'unsafe-inline'"]
    };
  }
});

// src/platform/http/validator-compiler.ts
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
var validatorCompiler;
var init_validator_compiler = __esm({
  "src/platform/http/validator-compiler.ts"() {
    "use strict";
    init_text();
    validatorCompiler = (route) => zodValidatorCompiler({ ...route, schema: refuseUnsafeText(route.schema) });
  }
});

// src/platform/live/live.bus.ts
import { EventEmitter } from "node:events";
function createLiveBus(database2) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (companyId, event) => emitter.emit(`c${companyId}`, event);
  let client = null;
  const topics = /* @__PURE__ */ new Map();
  return {
    registerTopic(topic, section2) {
      const known = topics.get(topic);
      if (known !== void 0 && known !== section2)
        throw new Error(`Live topic "${topic}" belongs to section ${known}`);
      topics.set(topic, section2);
    },
    sectionOf: (topic) => topics.get(topic),
    async publish(companyId, event) {
      if (database2.kind !== "postgres") {
        deliver(companyId, event);
        return;
      }
      const payload = JSON.stringify({ c: companyId, e: event });
      if (payload.length > MAX_PAYLOAD) throw new Error("Live event too large: send ids, not rows");
      await database2.query("select pg_notify($1, $2)", [CHANNEL, payload]);
    },
    subscribe(companyId, listener) {
      emitter.on(`c${companyId}`, listener);
      return () => emitter.off(`c${companyId}`, listener);
    },
    async start() {
      if (database2.kind !== "postgres" || !database2.pool || client) return;
      client = await database2.pool.connect();
      client.on("notification", (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          const { c, e } = JSON.parse(msg.payload);
          deliver(c, e);
        } catch {
        }
      });
      await client.query(`listen ${CHANNEL}`);
    },
    async close() {
      emitter.removeAllListeners();
      if (client) {
        await client.query(`unlisten ${CHANNEL}`).catch(() => {
        });
        client.release();
        client = null;
      }
    }
  };
}
var CHANNEL, MAX_PAYLOAD;
var init_live_bus = __esm({
  "src/platform/live/live.bus.ts"() {
    "use strict";
    CHANNEL = "backhaul_live";
    MAX_PAYLOAD = 7900;
  }
});

// src/app.ts
var app_exports = {};
__export(app_exports, {
  buildApp: () => buildApp
});
import { createReadStream, existsSync } from "node:fs";
import { join as join7 } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
async function buildApp(opts) {
  const app2 = Fastify({
    ...loggerOptions({ level: opts.config.LOG_LEVEL, logRequests: opts.logRequests, stream: opts.logStream }),
    trustProxy: opts.config.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
    // One path, one answer: the router sees a single spelling of each path (/%61pi, //api, /api/x/..
    // and /API all reach /api), and the guard decides on the route it matched.
    rewriteUrl: (req) => req.url?.startsWith("/") ? canonicalUrl(req.url) : req.url ?? "/",
    routerOptions: { caseSensitive: false }
  }).withTypeProvider();
  app2.setValidatorCompiler(validatorCompiler);
  app2.setSerializerCompiler(serializerCompiler);
  const routes = trackRoutes(app2, { docsPublic: opts.config.DOCS_PUBLIC === "1" });
  const webDist = opts.config.WEB_DIST;
  const indexHtml = webDist ? join7(webDist, "index.html") : null;
  const serveWeb = indexHtml !== null && existsSync(indexHtml);
  registerErrorHandler(
    app2,
    serveWeb && indexHtml ? {
      page: (reply) => reply.type("text/html").header("cache-control", "no-cache").send(createReadStream(indexHtml))
    } : {}
  );
  await registerSecurityHeaders(app2, { corsOrigins: opts.config.CORS_ORIGINS });
  await app2.register(fastifyCookie);
  const links = createLinkSigner(linkSecretSource(opts.database.db, opts.config.LINK_SECRET));
  registerGuard(app2, {
    db: opts.database.db,
    links,
    allowedOrigins: [new URL(opts.config.publicUrl).origin]
  });
  const filesEnv = loadFilesEnv();
  const files2 = createFilesService({
    db: opts.database.db,
    storage: storageFromEnv(filesEnv, opts.config.dataDir),
    maxBytes: filesEnv.FILE_MAX_BYTES
  });
  registerPlatformFileEntities(files2);
  const mailer = opts.mailer ?? createMailer({ db: opts.database.db, smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM, files: files2 });
  const worker = opts.role === "worker";
  const jobs2 = createJobsService({
    database: opts.database,
    work: worker || process.env.JOBS_IN_API !== "0",
    eager: worker,
    staleSeconds: Number(process.env.JOB_STALE_SECONDS) || void 0
  });
  const live = createLiveBus(opts.database);
  const exports = createExportService({
    files: files2,
    jobs: jobs2,
    threshold: Number(process.env.EXPORT_JOB_THRESHOLD) || void 0
  });
  setExportService(exports);
  app2.addHook("onReady", async () => {
    await live.start();
    await jobs2.start();
  });
  app2.addHook("onClose", async () => {
    await jobs2.stop();
    await live.close();
    mailer.close();
  });
  const deps = { database: opts.database, config: opts.config, mailer, files: files2, jobs: jobs2, exports, live, links };
  app2.decorate("deps", deps);
  await app2.register(fastifyMultipart, { limits: { fileSize: files2.maxBytes, files: 1 } });
  await app2.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Backhaul API",
        version: "0.1.0",
        description: "Back office of a trucking company with its own repair shop."
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }]
    },
    transform: jsonSchemaTransform
  });
  await app2.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  await app2.register(
    async (api) => {
      for (const mod of ROUTE_MODULES) await mod.register(api, deps);
    },
    { prefix: "/api" }
  );
  if (serveWeb && webDist) {
    await app2.register(async (web) => {
      declareRoutes(web, "public");
      await web.register(fastifyStatic, { root: webDist, wildcard: false });
    });
  }
  return { app: app2, routes, deps };
}
var init_app = __esm({
  "src/app.ts"() {
    "use strict";
    init_modules();
    init_guard();
    init_signed_links();
    init_export_service();
    init_file_entities();
    init_files_config();
    init_files_service();
    init_canonical_url();
    init_error_handler();
    init_logger();
    init_route_registry();
    init_security_headers();
    init_validator_compiler();
    init_jobs_service();
    init_live_bus();
    init_mailer();
  }
});

// src/config.ts
var config_exports = {};
__export(config_exports, {
  loadConfig: () => loadConfig
});
import { isIP } from "node:net";
import { resolve as resolve2 } from "node:path";
import { z as z64 } from "zod";
function isAddressOrRange(entry) {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === void 0) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
function loadConfig(env = process.env, overrides = {}) {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== void 0 && v !== ""));
  const parsed = EnvSchema.parse(set);
  const base = { ...parsed, ...overrides };
  const host = base.HOST === "0.0.0.0" ? "127.0.0.1" : base.HOST;
  return {
    ...base,
    dataDir: resolve2(base.DATA_DIR),
    publicUrl: (base.PUBLIC_URL ?? `http://${host}:${base.PORT}`).replace(/\/$/, "")
  };
}
var NAMED_RANGES, TrustProxySchema, EnvSchema;
var init_config = __esm({
  "src/config.ts"() {
    "use strict";
    NAMED_RANGES = /* @__PURE__ */ new Set(["loopback", "linklocal", "uniquelocal"]);
    TrustProxySchema = z64.string().default("").transform((raw, ctx) => {
      const value = raw.trim().toLowerCase();
      if (["", "false", "off", "no", "0"].includes(value)) return false;
      const entries = raw.split(",").map((e) => e.trim()).filter(Boolean);
      const bad = entries.filter((e) => !isAddressOrRange(e));
      if (bad.length > 0 || entries.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `TRUST_PROXY must be off or the proxies' addresses/CIDR ranges, comma-separated (not ${bad.join(", ")})`
        });
        return z64.NEVER;
      }
      return entries;
    });
    EnvSchema = z64.object({
      PORT: z64.coerce.number().int().min(0).max(65535).default(3e3),
      HOST: z64.string().default("127.0.0.1"),
      DATA_DIR: z64.string().default("./data"),
      DATABASE_URL: z64.string().url().optional(),
      SEED: z64.enum(["auto", "demo", "none"]).default("auto"),
      SEED_SCALE: z64.coerce.number().positive().default(1),
      DEMO_PASSWORD: z64.string().min(1).default("backhaul"),
      SESSION_TTL_SECONDS: z64.coerce.number().int().positive().default(8 * 3600),
      RESET_TTL_SECONDS: z64.coerce.number().int().positive().default(3600),
      LOGIN_MAX_FAILURES: z64.coerce.number().int().positive().default(5),
      LOGIN_LOCK_SECONDS: z64.coerce.number().int().positive().default(300),
      LOGIN_BACKOFF_BASE_SECONDS: z64.coerce.number().int().positive().default(1),
      LOGIN_BACKOFF_MAX_SECONDS: z64.coerce.number().int().positive().default(900),
      RESET_MAX_PER_ADDRESS: z64.coerce.number().int().positive().default(10),
      RESET_MAX_PER_EMAIL: z64.coerce.number().int().positive().default(3),
      RESET_WINDOW_SECONDS: z64.coerce.number().int().positive().default(3600),
      TRUST_PROXY: TrustProxySchema,
      PUBLIC_URL: z64.string().optional(),
      SMTP_URL: z64.string().optional(),
      MAIL_FROM: z64.string().default("Backhaul <no-reply@backhaul.demo>"),
      COMPANY_TIME_ZONE: z64.string().default("America/Chicago"),
      /** Road miles source of POST /trips/milesTrip; only 'offline' (great-circle × road factor) exists. */
      MILEAGE_PROVIDER: z64.enum(["offline"]).default("offline"),
      WEB_DIST: z64.string().optional(),
      LOG_LEVEL: z64.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
      /** '1' opens /api/docs (UI and JSON) to anyone; by default it needs a session. */
      DOCS_PUBLIC: z64.enum(["0", "1"]).default("0"),
      /** Comma-separated origins allowed to call the API from a browser (CORS); none by default. */
      CORS_ORIGINS: z64.string().transform(
        (s) => s.split(",").map((o) => o.trim().replace(/\/$/, "")).filter(Boolean)
      ).pipe(z64.array(z64.url())).default([]),
      /** Key of the signed file links (32+ characters); without it one is generated and kept in the database. */
      LINK_SECRET: z64.string().min(32).optional()
    });
  }
});

// src/db/lock.ts
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join as join8 } from "node:path";
function acquireDataDirLock(dir) {
  mkdirSync(dir, { recursive: true });
  const file = join8(dir, "backhaul.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
var DataDirLockedError;
var init_lock = __esm({
  "src/db/lock.ts"() {
    "use strict";
    DataDirLockedError = class extends Error {
      constructor(dir, pid) {
        super(
          `The data folder ${dir} is in use by another Backhaul process (pid ${pid}). Stop that process, or start this one with another DATA_DIR or with DATABASE_URL set.`
        );
        this.dir = dir;
        this.pid = pid;
      }
      dir;
      pid;
    };
  }
});

// src/db/schema.ts
var schema_exports = {};
__export(schema_exports, {
  accountingServices: () => accountingServices,
  appVersions: () => appVersions,
  auditLog: () => auditLog,
  billings: () => billings,
  brokers: () => brokers,
  cities: () => cities,
  companies: () => companies,
  customerExceptions: () => customerExceptions,
  customerServiceRates: () => customerServiceRates,
  customers: () => customers,
  departments: () => departments,
  driverContracts: () => driverContracts,
  drivers: () => drivers,
  employeeInventory: () => employeeInventory,
  employees: () => employees,
  equipmentNames: () => equipmentNames,
  factoringCompanies: () => factoringCompanies,
  factoringNotes: () => factoringNotes,
  factoringSchedules: () => factoringSchedules,
  feedback: () => feedback,
  files: () => files,
  invoiceGenerationRuns: () => invoiceGenerationRuns,
  invoiceLines: () => invoiceLines,
  invoiceSends: () => invoiceSends,
  invoices: () => invoices,
  jobs: () => jobs,
  listSettings: () => listSettings,
  loadStops: () => loadStops,
  loads: () => loads,
  loginAttempts: () => loginAttempts,
  lostPayments: () => lostPayments,
  mailMessages: () => mailMessages,
  passwordResets: () => passwordResets,
  payments: () => payments,
  referenceCustomers: () => referenceCustomers,
  rolePermissions: () => rolePermissions,
  roles: () => roles,
  salesLeadDescriptions: () => salesLeadDescriptions,
  salesLeadInvoices: () => salesLeadInvoices,
  salesLeads: () => salesLeads,
  scheduleActions: () => scheduleActions,
  scheduleLoads: () => scheduleLoads,
  serverSecrets: () => serverSecrets,
  sessions: () => sessions,
  shortPayments: () => shortPayments,
  trailerTypes: () => trailerTypes,
  trailers: () => trailers,
  tripConnections: () => tripConnections,
  tripNotes: () => tripNotes,
  trips: () => trips,
  trucks: () => trucks,
  unitAssignments: () => unitAssignments,
  unitEquipment: () => unitEquipment,
  unitNotes: () => unitNotes,
  unitValues: () => unitValues,
  users: () => users
});
var init_schema = __esm({
  "src/db/schema.ts"() {
    "use strict";
    init_accounting_services_table();
    init_billing_table();
    init_brokers_table();
    init_cities_table();
    init_clients_table();
    init_customers_table();
    init_drivers_table();
    init_employees_table();
    init_factoring_table();
    init_general_table();
    init_invoices_table();
    init_payments_table();
    init_schedules_table();
    init_short_payments_table();
    init_trailers_table();
    init_loads_table();
    init_trips_table();
    init_trucks_table();
    init_units_table();
    init_audit_table();
    init_auth_table();
    init_secrets_table();
    init_companies_table();
    init_files_table();
    init_jobs_table();
    init_list_settings_table();
    init_mail_table();
  }
});

// src/db/client.ts
var client_exports = {};
__export(client_exports, {
  openDatabase: () => openDatabase,
  openPglite: () => openPglite,
  openPostgres: () => openPostgres
});
import { join as join9 } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
async function openPostgres(url, max = 10) {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {
  });
  const db = drizzlePg(pool, { schema: schema_exports, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    pool,
    exec: async (sql62) => {
      await pool.query(sql62);
    },
    query: async (sql62, params) => (await pool.query(sql62, params)).rows,
    close: () => pool.end()
  };
}
async function openPglite(opts) {
  let release = () => {
  };
  let dir;
  if (opts.dataDir) {
    release = acquireDataDirLock(opts.dataDir);
    dir = join9(opts.dataDir, "pgdata");
  }
  try {
    const client = await PGlite.create({
      ...dir ? { dataDir: dir } : {},
      ...opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {},
      parsers: PGLITE_PARSERS
    });
    const db = drizzlePglite(client, { schema: schema_exports, casing: "snake_case" });
    return {
      db,
      kind: "pglite",
      pglite: client,
      exec: async (sql62) => {
        await client.exec(sql62);
      },
      query: async (sql62, params) => (await client.query(sql62, params)).rows,
      close: async () => {
        await client.close();
        release();
      }
    };
  } catch (err) {
    release();
    throw err;
  }
}
function openDatabase(cfg) {
  return cfg.DATABASE_URL ? openPostgres(cfg.DATABASE_URL) : openPglite({ dataDir: cfg.dataDir });
}
var PGLITE_PARSERS;
var init_client = __esm({
  "src/db/client.ts"() {
    "use strict";
    init_lock();
    init_schema();
    pg.types.setTypeParser(1082, (v) => v);
    pg.types.setTypeParser(20, (v) => Number(v));
    PGLITE_PARSERS = { 1082: (v) => v, 20: (v) => Number(v) };
  }
});

// src/paths.ts
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname3, join as join10 } from "node:path";
import { fileURLToPath } from "node:url";
function findServerRoot() {
  let dir = dirname3(fileURLToPath(import.meta.url));
  while (!existsSync2(join10(dir, "package.json"))) {
    const up = dirname3(dir);
    if (up === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}
var SERVER_ROOT;
var init_paths = __esm({
  "src/paths.ts"() {
    "use strict";
    SERVER_ROOT = findServerRoot();
  }
});

// src/db/migrate.ts
import { join as join11 } from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
async function migrateDatabase(database2, migrationsFolder = MIGRATIONS_FOLDER) {
  const config2 = { migrationsFolder };
  if (database2.kind === "pglite") await migratePglite(database2.db, config2);
  else await migratePg(database2.db, config2);
}
var MIGRATIONS_FOLDER;
var init_migrate = __esm({
  "src/db/migrate.ts"() {
    "use strict";
    init_paths();
    MIGRATIONS_FOLDER = join11(SERVER_ROOT, "drizzle");
  }
});

// src/platform/seed/seed.ts
var seed_exports = {};
__export(seed_exports, {
  ref: () => ref,
  runSeeders: () => runSeeders
});
function ref(ctx, key) {
  if (!ctx.refs.has(key)) throw new Error(`Seed ref "${key}" is missing: check the seeder order`);
  return ctx.refs.get(key);
}
async function runSeeders(db, seeders, opts) {
  const { Faker, en, en_US } = await import("@faker-js/faker");
  const faker = new Faker({ locale: [en_US, en] });
  faker.seed(20261121);
  const ctx = {
    db,
    faker,
    scale: opts.scale,
    password: opts.password,
    refs: /* @__PURE__ */ new Map(),
    log: opts.log ?? (() => {
    })
  };
  for (const seeder of seeders) {
    const started = performance.now();
    await seeder.run(ctx);
    ctx.log(`seeded ${seeder.name} in ${Math.round(performance.now() - started)} ms`);
  }
}
var init_seed = __esm({
  "src/platform/seed/seed.ts"() {
    "use strict";
  }
});

// src/modules/accounting-services/accounting-services.seed.ts
var DEMO_SERVICES, accountingServicesSeeder;
var init_accounting_services_seed = __esm({
  "src/modules/accounting-services/accounting-services.seed.ts"() {
    "use strict";
    init_seed();
    init_accounting_services_table();
    DEMO_SERVICES = [
      { name: "Dispatch", billingMethod: "percent_of_gross", defaultRate: 500 },
      { name: "Safety", billingMethod: "per_driver_week", defaultRate: 3500 },
      { name: "Accounting", billingMethod: "flat_month", defaultRate: 25e3 }
    ];
    accountingServicesSeeder = {
      name: "accounting services and customer rates",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const customerIds = ref(ctx, "customerIds");
        const services = await ctx.db.insert(accountingServices).values(DEMO_SERVICES.map((s) => ({ companyId, ...s }))).returning({ id: accountingServices.id, name: accountingServices.name });
        ctx.refs.set("serviceIds", new Map(services.map((s) => [s.name, s.id])));
        const dispatch = services.find((s) => s.name === "Dispatch");
        const rates = customerIds.filter((_, i) => i % 4 === 1).map((customerId2, i) => ({ customerId: customerId2, serviceId: dispatch?.id ?? 0, rate: [400, 450, 600][i % 3] ?? 500 }));
        if (rates.length) await ctx.db.insert(customerServiceRates).values(rates);
      }
    };
  }
});

// src/modules/brokers/brokers.seed.ts
var FIRST, SECOND, brokersSeeder;
var init_brokers_seed = __esm({
  "src/modules/brokers/brokers.seed.ts"() {
    "use strict";
    init_seed();
    init_brokers_table();
    FIRST = [
      "Coyote",
      "Echo",
      "Summit",
      "Arrive",
      "Blue Ridge",
      "Redwood",
      "Prairie",
      "Ironhorse",
      "Lone Pine",
      "Heartland",
      "Keystone",
      "Patriot",
      "Great Lakes",
      "Big Sky",
      "Gulf Coast",
      "Frontier",
      "Silver State",
      "Trailhead",
      "Northstar",
      "Crossroads",
      "Magnolia",
      "Cardinal",
      "Cascade",
      "Mesa",
      "Liberty",
      "Pioneer",
      "Granite",
      "Canyon",
      "Bluegrass",
      "Sierra",
      "Horizon",
      "Pinnacle",
      "Eagle",
      "Falcon",
      "Buffalo",
      "Mustang",
      "Timberline",
      "Riverbend",
      "Sunbelt",
      "Midwest",
      "Tri-State",
      "Apex",
      "Allied",
      "Continental",
      "Highway",
      "Freedom",
      "Copper",
      "Harbor",
      "Bayou"
    ];
    SECOND = [
      "Logistics",
      "Freight",
      "Transportation",
      "Brokerage",
      "Global Logistics",
      "Freight Solutions",
      "Supply Chain",
      "Transport Services",
      "Logistics Group",
      "Freight Brokers",
      "Shipping",
      "Cargo",
      "Distribution",
      "Logistics Inc."
    ];
    brokersSeeder = {
      name: "brokers",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const { faker } = ctx;
        const count = Math.max(40, Math.round(350 * ctx.scale));
        const names = /* @__PURE__ */ new Set();
        const mcs = /* @__PURE__ */ new Set();
        while (names.size < count) {
          const base = `${faker.helpers.arrayElement(FIRST)} ${faker.helpers.arrayElement(SECOND)}`;
          names.add(names.has(base) ? `${faker.person.lastName()} ${faker.helpers.arrayElement(SECOND)}` : base);
        }
        const rows = [...names].map((name) => {
          let mc = faker.string.numeric({ length: { min: 6, max: 7 }, allowLeadingZeros: false });
          while (mcs.has(mc)) mc = faker.string.numeric({ length: 7, allowLeadingZeros: false });
          mcs.add(mc);
          const domain = `${name.toLowerCase().replace(/[^a-z]+/g, "").slice(0, 18)}.com`;
          return {
            companyId,
            name,
            mcNumber: mc,
            paStreet1: faker.location.streetAddress(),
            paCity: faker.location.city(),
            paState: faker.location.state({ abbreviated: true }),
            paZip: faker.location.zipCode("#####"),
            emailAddress: `${faker.helpers.arrayElement(["dispatch", "loads", "carriers", "ops", "booking"])}@${domain}`,
            // NANP: area code and exchange both start with 2-9.
            localPhone: `${faker.number.int({ min: 2, max: 9 })}${faker.string.numeric(2)}${faker.number.int({ min: 2, max: 9 })}${faker.string.numeric(6)}`,
            createdAt: faker.date.past({ years: 3, refDate: "2026-11-01T12:00:00Z" })
          };
        });
        await ctx.db.insert(brokers).values(rows);
      }
    };
  }
});

// src/modules/cities/cities.seed.ts
import zipcodes2 from "zipcodes";
function cityGroups() {
  const groups = /* @__PURE__ */ new Map();
  for (const z65 of Object.values(zipcodes2.codes)) {
    if (z65.country !== "US" || !z65.city || !z65.state) continue;
    const key = `${z65.state}|${z65.city}`;
    const group = groups.get(key);
    if (group) group.zipCodes.push(z65.zip);
    else
      groups.set(key, {
        city: z65.city,
        state: z65.state,
        zipCodes: [z65.zip],
        latitude: z65.latitude,
        longitude: z65.longitude
      });
  }
  return [...groups.values()].sort((a, b) => a.state.localeCompare(b.state) || a.city.localeCompare(b.city));
}
var CHUNK, citiesSeeder;
var init_cities_seed = __esm({
  "src/modules/cities/cities.seed.ts"() {
    "use strict";
    init_cities_table();
    CHUNK = 2e3;
    citiesSeeder = {
      name: "cities",
      async run(ctx) {
        const all = cityGroups();
        const stride = ctx.scale >= 1 ? 1 : Math.max(1, Math.round(1 / Math.max(ctx.scale, 0.01)));
        const picked = all.filter((_, i) => i % stride === 0);
        for (let i = 0; i < picked.length; i += CHUNK) {
          await ctx.db.insert(cities).values(
            picked.slice(i, i + CHUNK).map((g) => ({
              city: g.city,
              state: g.state,
              zipCodes: g.zipCodes.sort().join(", "),
              latitude: g.latitude,
              longitude: g.longitude
            }))
          );
        }
        ctx.log(`  ${picked.length} of ${all.length} cities`);
      }
    };
  }
});

// src/platform/seed/seed-helpers.ts
import zipcodes3 from "zipcodes";
function hubPlaces() {
  return HUB_ZIPS.flatMap((zip2) => {
    const z65 = zipcodes3.lookup(zip2);
    return z65 ? [{ zip: zip2, city: z65.city, state: z65.state, lat: z65.latitude, lon: z65.longitude }] : [];
  });
}
var HUB_ZIPS, scaled, phoneDigits, dayFromToday;
var init_seed_helpers = __esm({
  "src/platform/seed/seed-helpers.ts"() {
    "use strict";
    init_formats();
    HUB_ZIPS = [
      "75201",
      "60601",
      "30303",
      "77002",
      "90012",
      "85003",
      "80202",
      "64105",
      "63101",
      "46204",
      "43215",
      "37203",
      "38103",
      "73102",
      "68102",
      "55401",
      "53202",
      "48226",
      "15222",
      "28202",
      "32202",
      "33101",
      "70112",
      "78205",
      "79901",
      "84101",
      "89101",
      "97204",
      "98104",
      "19103",
      "07102",
      "21201",
      "23219",
      "29201",
      "35203",
      "40202",
      "45202",
      "50309",
      "72201",
      "74103",
      "76102",
      "78701",
      "87102",
      "92101",
      "93721",
      "95814",
      "99201",
      "83702"
    ];
    scaled = (ctx, count, min = 2) => Math.max(min, Math.round(count * ctx.scale));
    phoneDigits = (ctx) => `${ctx.faker.number.int({ min: 2, max: 9 })}${ctx.faker.string.numeric(9)}`;
    dayFromToday = (days) => addDays(nowInCompanyTimeZone().date, days);
  }
});

// src/modules/clients/clients.seed.ts
var COMMENTS, clientsSeeder;
var init_clients_seed = __esm({
  "src/modules/clients/clients.seed.ts"() {
    "use strict";
    init_seed();
    init_seed_helpers();
    init_clients_table();
    COMMENTS = [
      "Owner-operator with 3 trucks, runs reefer out of the Rio Grande Valley. Call back after the 15th.",
      "Interested in dispatch only; already has a factoring company.",
      "Wants safety service for 12 drivers; asked for a quote by e-mail.",
      "Runs flatbed in the Southeast. Not ready to switch before year end.",
      "Asked about our shop rates for PM service."
    ];
    clientsSeeder = {
      name: "potential clients and clients",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const f = ctx.faker;
        const lead = (kind, i) => ({
          companyId,
          kind,
          mc: String(f.number.int({ min: 7e5, max: 1599999 })),
          truckQuantity: f.number.int({ min: 1, max: 40 }),
          carrier: `${f.person.lastName()} ${f.helpers.arrayElement(["Trucking", "Transport", "Freight"])} LLC`,
          contact: f.person.fullName(),
          phone: phoneDigits(ctx),
          email: f.internet.email({ provider: "example.com" }).toLowerCase(),
          comment: COMMENTS[i % COMMENTS.length] ?? null,
          status: kind === "client" ? "Active" : f.helpers.arrayElement(["New", "Contacted", "Quoted", "Follow up"])
        });
        const rows = [
          ...Array.from({ length: scaled(ctx, 30) }, (_, i) => lead("potential", i)),
          ...Array.from({ length: scaled(ctx, 20) }, (_, i) => lead("client", i))
        ];
        const inserted = await ctx.db.insert(salesLeads).values(rows).returning({ id: salesLeads.id });
        await ctx.db.insert(salesLeadDescriptions).values(
          inserted.filter((_, i) => i % 4 === 0).map(({ id }) => ({ leadId: id, text: "First call made; sent the service sheet." }))
        );
      }
    };
  }
});

// src/modules/customers/customers.seed.ts
import { eq as eq33, inArray as inArray12 } from "drizzle-orm";
var SUFFIX, FIND_US, SERVICE_SETS, customersSeeder, customerSaleManagersSeeder;
var init_customers_seed = __esm({
  "src/modules/customers/customers.seed.ts"() {
    "use strict";
    init_auth_table();
    init_seed();
    init_seed_helpers();
    init_customers_table();
    SUFFIX = ["Trucking", "Transport", "Freight", "Logistics", "Carriers", "Express", "Hauling"];
    FIND_US = ["Referral", "Google", "Load board", "Facebook", "Trade show", "Cold call"];
    SERVICE_SETS = [
      ["dispatch"],
      ["dispatch", "safety"],
      ["dispatch", "accounting"],
      ["dispatch", "safety", "shop"],
      ["safety"]
    ];
    customersSeeder = {
      name: "customers",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const factoringIds = ref(ctx, "factoringIds");
        const places = hubPlaces();
        const rows = Array.from({ length: scaled(ctx, 40, 3) }, (_, i) => {
          const name = i === 0 ? "Lone Star Logistics LLC" : `${ctx.faker.person.lastName()} ${ctx.faker.helpers.arrayElement(SUFFIX)} ${ctx.faker.helpers.arrayElement(["LLC", "Inc", "Co"])}`;
          const place = places[i % places.length];
          return {
            companyId,
            name,
            email: `dispatch@${name.toLowerCase().replace(/[^a-z]+/g, "")}.example.com`,
            phone: phoneDigits(ctx),
            mcNumber: String(ctx.faker.number.int({ min: 6e5, max: 1499999 })),
            dotNumber: String(ctx.faker.number.int({ min: 2e6, max: 3999999 })),
            address: ctx.faker.location.streetAddress(),
            city: place?.city ?? null,
            state: place?.state ?? null,
            zip: place?.zip ?? null,
            // A few frozen (red) and Daptor (orange) customers, as a real book of business has.
            frozen: i > 0 && i % 13 === 0 ? 1 : i > 0 && i % 17 === 0 ? 2 : 0,
            services: ctx.faker.helpers.arrayElement(SERVICE_SETS),
            findUs: ctx.faker.helpers.arrayElement(FIND_US),
            // Open receivables, deterministic so the shared faker's sequence is unchanged for later seeders.
            balanceCents: i % 4 === 3 ? 0 : i * 104729 % 185e4 + 25e3,
            factoringCompanyId: i % 3 === 0 ? null : factoringIds[i % factoringIds.length] ?? null
          };
        });
        const inserted = await ctx.db.insert(customers).values(rows).returning({ id: customers.id });
        const ids2 = inserted.map((r) => r.id);
        ctx.refs.set("customerIds", ids2);
        ctx.refs.set("demoCustomerId", ids2[0]);
        await ctx.db.insert(customerExceptions).values(
          ids2.slice(0, 5).map((customerId2, i) => ({
            customerId: customerId2,
            text: [
              "Invoice weekly on Mondays; net 15.",
              "No dispatch to NYC boroughs.",
              "Hazmat loads need owner approval.",
              "Detention billed after 2 hours.",
              "Send PPW to accounting mailbox only."
            ][i]
          }))
        );
      }
    };
    customerSaleManagersSeeder = {
      name: "customer sale managers",
      async run(ctx) {
        const managers = await ctx.db.select({ id: users.id }).from(users).where(inArray12(users.email, ["accountant@backhaul.demo", "admin@backhaul.demo"]));
        const ids2 = ref(ctx, "customerIds");
        for (const [i, id] of ids2.entries()) {
          const manager = managers[i % managers.length];
          if (manager) await ctx.db.update(customers).set({ saleManagerId: manager.id }).where(eq33(customers.id, id));
        }
      }
    };
  }
});

// src/modules/drivers/drivers.seed.ts
import { eq as eq34 } from "drizzle-orm";
var driversSeeder;
var init_drivers_seed = __esm({
  "src/modules/drivers/drivers.seed.ts"() {
    "use strict";
    init_seed();
    init_seed_helpers();
    init_trucks();
    init_drivers_table();
    driversSeeder = {
      name: "drivers",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const customerIds = ref(ctx, "customerIds");
        const typeIds = ref(ctx, "trailerTypeIds");
        const active = ref(ctx, "trucks").filter((t) => t.status === "active");
        const f = ctx.faker;
        const rows = Array.from({ length: scaled(ctx, 90, 4) }, (_, i) => {
          const truck = i < active.length ? active[i] : active[(i - active.length) * 4];
          const paymentType = f.helpers.arrayElement(["per_mile", "per_mile", "percent", "flat"]);
          return {
            companyId,
            name: f.person.fullName(),
            phone: phoneDigits(ctx),
            phone2: i % 4 === 0 ? phoneDigits(ctx) : null,
            email: i % 3 === 0 ? f.internet.email({ provider: "example.com" }).toLowerCase() : null,
            driverType: f.helpers.arrayElement(["company", "company", "owner_operator", "lease"]),
            safety: i % 3 !== 0,
            service: f.helpers.arrayElement(["dispatch", "dispatch", "safety", "accounting"]),
            eldName: `${f.person.firstName().toLowerCase()}${f.number.int({ min: 10, max: 99 })}`,
            customerId: truck?.customerId ?? customerIds[i % customerIds.length] ?? null,
            truckId: truck?.id ?? null,
            trailerId: truck?.trailerId ?? null,
            trailerTypeId: typeIds[i % 3] ?? null,
            amountCents: paymentType === "per_mile" ? f.number.int({ min: 55, max: 75 }) : paymentType === "percent" ? 2800 : 15e4,
            paymentType,
            cdlNumber: f.string.alphanumeric({ length: 9, casing: "upper" }),
            cdlExpiresOn: dayFromToday(f.number.int({ min: -10, max: 1400 })),
            medicalCardExpiresOn: dayFromToday(f.number.int({ min: -20, max: 700 })),
            hiredOn: dayFromToday(-f.number.int({ min: 20, max: 2e3 })),
            active: i % 31 !== 30
          };
        });
        const inserted = await ctx.db.insert(drivers).values(rows).returning({
          id: drivers.id,
          truckId: drivers.truckId,
          paymentType: drivers.paymentType,
          amountCents: drivers.amountCents
        });
        const truckDrivers = /* @__PURE__ */ new Map();
        for (const d of inserted.slice(0, active.length)) {
          if (!d.truckId) continue;
          await ctx.db.update(trucks).set({ driverId: d.id }).where(eq34(trucks.id, d.truckId));
          truckDrivers.set(d.truckId, d.id);
        }
        ctx.refs.set("truckDrivers", truckDrivers);
        await ctx.db.insert(driverContracts).values(
          inserted.filter((_, i) => i % 2 === 0).map((d) => ({
            driverId: d.id,
            contractType: d.paymentType === "flat" ? "flat" : d.paymentType === "percent" ? "percent" : "per_mile",
            rate: d.amountCents,
            startsOn: dayFromToday(-f.number.int({ min: 30, max: 900 })),
            terms: "Paid weekly on Friday for loads delivered by Wednesday with PPW received."
          }))
        );
        ctx.refs.set(
          "driverIds",
          inserted.map((d) => d.id)
        );
      }
    };
  }
});

// src/modules/employees/employees.seed.ts
var POSITIONS, OFFICES, ITEMS, employeesSeeder;
var init_employees_seed = __esm({
  "src/modules/employees/employees.seed.ts"() {
    "use strict";
    init_auth_table();
    init_seed();
    init_seed_helpers();
    init_employees_table();
    POSITIONS = {
      Dispatch: ["Dispatcher", "Senior dispatcher", "Night dispatcher"],
      Accounting: ["Accountant", "Billing specialist", "AR clerk"],
      Safety: ["Safety manager", "Safety specialist", "Compliance clerk"],
      Shop: ["Shop manager", "Diesel technician", "Tire technician", "Parts clerk"],
      Management: ["Operations manager", "General manager"],
      Sales: ["Sales manager", "Account executive"]
    };
    OFFICES = ["Dallas HQ", "Chicago", "Remote"];
    ITEMS = ["Laptop", "Headset", "Monitor", "Phone", "Shop tablet", "Torque wrench set"];
    employeesSeeder = {
      name: "employees",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const departments2 = ref(ctx, "departments");
        const staff = await ctx.db.select({ id: users.id, name: users.name, email: users.email, departmentId: users.departmentId }).from(users);
        const deptNames = [...departments2.keys()];
        const rows = Array.from({ length: scaled(ctx, 25, 3) }, (_, i) => {
          const user = staff.filter((u) => u.departmentId !== null)[i];
          const dept = user ? [...departments2.entries()].find(([, id]) => id === user.departmentId)?.[0] ?? "Dispatch" : deptNames[i % deptNames.length] ?? "Dispatch";
          const name = user?.name ?? ctx.faker.person.fullName();
          return {
            companyId,
            name,
            employer: i % 5 === 4 ? "Backhaul Shop Services LLC" : "Backhaul Demo Freight",
            departmentId: departments2.get(dept) ?? null,
            office: OFFICES[i % OFFICES.length] ?? null,
            position: ctx.faker.helpers.arrayElement(POSITIONS[dept] ?? ["Clerk"]),
            email: user?.email ?? `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@backhaul.demo`,
            phone: phoneDigits(ctx),
            phone2: i % 3 === 0 ? phoneDigits(ctx) : null,
            active: i % 11 !== 10,
            hiredOn: dayFromToday(-ctx.faker.number.int({ min: 60, max: 2400 })),
            userId: user?.id ?? null
          };
        });
        const inserted = await ctx.db.insert(employees).values(rows).returning({ id: employees.id });
        const inventory = inserted.flatMap(
          ({ id }, i) => Array.from({ length: i % 3 }, (_, k) => ({
            employeeId: id,
            item: ITEMS[(i + k) % ITEMS.length] ?? "Laptop",
            serial: ctx.faker.string.alphanumeric({ length: 10, casing: "upper" }),
            issuedOn: dayFromToday(-ctx.faker.number.int({ min: 10, max: 700 }))
          }))
        );
        if (inventory.length) await ctx.db.insert(employeeInventory).values(inventory);
      }
    };
  }
});

// src/modules/factoring/factoring.seed.ts
var NAMES, factoringSeeder;
var init_factoring_seed = __esm({
  "src/modules/factoring/factoring.seed.ts"() {
    "use strict";
    init_seed();
    init_seed_helpers();
    init_factoring_table();
    NAMES = ["Capital", "Freight Funding", "Factoring", "Finance", "Cash Flow", "Receivables"];
    factoringSeeder = {
      name: "factoring companies",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const places = hubPlaces();
        const rows = Array.from({ length: scaled(ctx, 12) }, (_, i) => {
          const place = places[i * 7 % places.length] ?? places[0];
          return {
            companyId,
            name: `${ctx.faker.location.county().replace(/ County$/, "")} ${NAMES[i % NAMES.length]}`,
            phone: phoneDigits(ctx),
            fax: phoneDigits(ctx),
            email: `funding${i + 1}@factoring.example.com`,
            address: ctx.faker.location.streetAddress(),
            city: place?.city ?? null,
            state: place?.state ?? null,
            zip: place?.zip ?? null,
            percentBp: ctx.faker.helpers.arrayElement([150, 200, 250, 275, 300, 350, 400, 500]),
            paymentType: ctx.faker.helpers.arrayElement(["ACH", "Wire", "Check"])
          };
        });
        const inserted = await ctx.db.insert(factoringCompanies).values(rows).returning({ id: factoringCompanies.id });
        const ids2 = inserted.map((r) => r.id);
        ctx.refs.set("factoringIds", ids2);
        await ctx.db.insert(factoringNotes).values(
          ids2.slice(0, 4).map((id) => ({
            factoringCompanyId: id,
            text: ctx.faker.helpers.arrayElement([
              "Send schedules before 2 pm CT for same-day funding.",
              "Requires signed rate confirmation and BOL for every load.",
              "Chargebacks after 90 days unpaid.",
              "Fuel advances up to 40% on request."
            ])
          }))
        );
      }
    };
  }
});

// src/modules/general/general.seed.ts
var TRAILER_TYPES, EQUIPMENT, generalSeeder;
var init_general_seed = __esm({
  "src/modules/general/general.seed.ts"() {
    "use strict";
    init_seed();
    init_general_table();
    TRAILER_TYPES = [
      { name: "Dry Van", reefer: false },
      { name: "Reefer", reefer: true },
      { name: "Flatbed", reefer: false },
      { name: "Step Deck", reefer: false },
      { name: "Power Only", reefer: false },
      { name: "Conestoga", reefer: false }
    ];
    EQUIPMENT = [
      "Load bars",
      "Straps",
      "Chains",
      "Binders",
      "Tarps",
      "Pallet jack",
      "Dash cam",
      "ELD tablet",
      "Fire extinguisher",
      "Triangles"
    ];
    generalSeeder = {
      name: "trailer types and equipment names",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const types2 = await ctx.db.insert(trailerTypes).values(TRAILER_TYPES.map((t) => ({ companyId, ...t }))).returning({ id: trailerTypes.id, name: trailerTypes.name });
        ctx.refs.set(
          "trailerTypeIds",
          types2.map((t) => t.id)
        );
        const names = await ctx.db.insert(equipmentNames).values(EQUIPMENT.map((name) => ({ companyId, name }))).returning({ id: equipmentNames.id });
        ctx.refs.set(
          "equipmentNameIds",
          names.map((n) => n.id)
        );
      }
    };
  }
});

// src/modules/invoices/invoices.seed.ts
import { sql as sql58 } from "drizzle-orm";
var invoicesSeeder;
var init_invoices_seed = __esm({
  "src/modules/invoices/invoices.seed.ts"() {
    "use strict";
    init_formats();
    init_auth_table();
    init_seed();
    init_generator_service();
    invoicesSeeder = {
      name: "billing and generated invoices",
      async run(ctx) {
        const { db } = ctx;
        const companyId = ref(ctx, "companyId");
        await db.execute(sql58`insert into billings (company_id, load_id, created_by, created_at)
      select l.company_id, l.id, l.dispatcher_id, coalesce(l.ppw_date, l.delivery_at) + interval '1 day'
      from loads l where l.company_id = ${companyId} and l.ppw = 1 and l.delivery_at < now() - interval '2 days'
        and l.customer_id is not null
      on conflict do nothing`);
        await db.execute(sql58`update loads l set billing = true from billings b where b.load_id = l.id and not l.billing`);
        const [clerk] = await db.select({ id: users.id }).from(users).where(sql58`${users.email} = 'accountant@backhaul.demo'`);
        const today = nowInCompanyTimeZone().date;
        const thisMonth = `${today.slice(0, 8)}01`;
        const first = (await db.execute(
          sql58`select to_char(min(delivery_at) at time zone 'America/Chicago', 'YYYY-MM-01') as m from loads where company_id = ${companyId}`
        )).rows[0]?.m;
        if (!first) return;
        const nextMonth = (m) => `${addDays(m, 32).slice(0, 8)}01`;
        for (let from = first; from < thisMonth; from = nextMonth(from)) {
          const to = addDays(nextMonth(from), -1);
          const input = { companyId, actorId: clerk?.id ?? null, from, to, description: "Monthly invoicing" };
          const run = await createRun(db, input);
          await generateInvoices(db, { ...input, runId: run.id });
        }
        const lastMonth = `${addDays(thisMonth, -1).slice(0, 8)}01`;
        await db.execute(sql58`with sent as (
        update invoices set status = 'Sent'
        where company_id = ${companyId} and generated and (period_to < ${lastMonth}::date or id % 2 = 0)
        returning id, customer_id, period_to, created_by)
      insert into invoice_sends (invoice_id, customer_id, send_to, send_by, sent_at)
      select s.id, s.customer_id, coalesce(c.email, 'billing@example.com'), s.created_by,
        (s.period_to + 2)::timestamp at time zone 'America/Chicago' + interval '9 hours'
      from sent s join customers c on c.id = s.customer_id`);
      }
    };
  }
});

// src/modules/payments/payments.seed.ts
import { and as and30, asc as asc11, eq as eq35, gt as gt3, sql as sql59 } from "drizzle-orm";
var ACCOUNT_OF, daysBetween2, between, paymentsSeeder;
var init_payments_seed = __esm({
  "src/modules/payments/payments.seed.ts"() {
    "use strict";
    init_formats();
    init_payments_contract();
    init_receivables_reports_contract();
    init_auth_table();
    init_customers();
    init_invoices();
    init_payments_table();
    ACCOUNT_OF = {
      ACH: PAYMENT_ACCOUNTS[0],
      Wire: PAYMENT_ACCOUNTS[0],
      Card: PAYMENT_ACCOUNTS[0],
      Zelle: PAYMENT_ACCOUNTS[1],
      Check: PAYMENT_ACCOUNTS[2]
    };
    daysBetween2 = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / 864e5);
    between = (low, d, high) => [low, d, high].sort()[1] ?? d;
    paymentsSeeder = {
      name: "payments and lost payments",
      async run(ctx) {
        const { db, faker } = ctx;
        const rows = await db.select().from(invoices).where(gt3(invoices.totalCents, 0)).orderBy(asc11(invoices.id));
        if (!rows.length) return;
        const [clerk] = await db.select({ id: users.id }).from(users).where(and30(eq35(users.email, "accountant@backhaul.demo")));
        await db.execute(sql59`update customers set payment_terms_days = 30 where id % 5 = 0 and payment_terms_days is null`);
        const terms = new Map(
          (await db.select({ id: customers.id, days: customers.paymentTermsDays }).from(customers)).map((c) => [
            c.id,
            c.days ?? DEFAULT_TERMS_DAYS
          ])
        );
        const today = nowInCompanyTimeZone().date;
        const method = () => faker.helpers.weightedArrayElement([
          { value: "ACH", weight: 50 },
          { value: "Check", weight: 20 },
          { value: "Zelle", weight: 15 },
          { value: "Wire", weight: 10 },
          { value: "Card", weight: 5 }
        ]);
        const noteOf = (m) => m === "Check" ? `Check #${faker.number.int({ min: 1e3, max: 99999 })}` : m === "ACH" ? `ACH remittance ${faker.string.alphanumeric({ length: 10, casing: "upper" })}` : null;
        let posted = 0;
        for (const inv2 of rows) {
          const due = addDays(inv2.periodTo, terms.get(inv2.customerId) ?? DEFAULT_TERMS_DAYS);
          const age2 = daysBetween2(due, today);
          const roll = faker.number.float({ min: 0, max: 1 });
          const paidShare = age2 > 60 ? 0.88 : age2 > 20 ? 0.6 : age2 > 0 ? 0.35 : 0.12;
          const outcome = roll < paidShare ? "paid" : roll < paidShare + 0.06 ? "partial" : age2 > 120 && roll > 0.97 ? "loss" : "open";
          if (outcome === "open") continue;
          const left = inv2.totalCents - inv2.paidCents - inv2.mistakeCents - inv2.lossCents;
          if (left <= 0) continue;
          const payDay = (offset) => {
            return between(inv2.periodTo, addDays(due, offset), today);
          };
          const parts = [];
          let mistake = 0;
          if (outcome === "paid") {
            if (left > 2e5 && faker.datatype.boolean(0.3)) {
              const first = Math.round(left * faker.number.float({ min: 0.4, max: 0.6 }));
              parts.push({ cents: first, on: payDay(faker.number.int({ min: -12, max: 3 })) });
              parts.push({ cents: left - first, on: payDay(faker.number.int({ min: 4, max: 25 })) });
            } else {
              parts.push({ cents: left, on: payDay(faker.number.int({ min: -10, max: 18 })) });
            }
          } else if (outcome === "partial") {
            mistake = Math.max(500, Math.round(left * faker.number.float({ min: 0.01, max: 0.04 })));
            parts.push({ cents: Math.max(0, left - mistake), on: payDay(faker.number.int({ min: -5, max: 20 })) });
          }
          await db.transaction(async (tx) => {
            let paid = 0;
            for (const part of parts) {
              if (part.cents <= 0) continue;
              const m = method();
              await tx.insert(payments).values({
                companyId: inv2.companyId,
                invoiceId: inv2.id,
                customerId: inv2.customerId,
                paidOn: part.on,
                amountCents: part.cents,
                method: m,
                account: ACCOUNT_OF[m],
                employeeId: clerk?.id ?? null,
                note: noteOf(m)
              });
              paid += part.cents;
              posted++;
            }
            const lost2 = outcome === "loss" ? { kind: "loss", cents: left, note: "Customer closed its authority; written off after collections." } : mistake > 0 ? {
              kind: "mistake",
              cents: mistake,
              note: "Short paid: rate difference on one load, agreed with the customer."
            } : null;
            if (lost2) {
              await tx.insert(lostPayments).values({
                companyId: inv2.companyId,
                invoiceId: inv2.id,
                customerId: inv2.customerId,
                lostOn: parts[0]?.on ?? between(inv2.periodTo, due, today),
                kind: lost2.kind,
                amountCents: lost2.cents,
                employeeId: clerk?.id ?? null,
                note: lost2.note
              });
            }
            await applyInvoiceAmounts(tx, inv2.id, {
              paidDelta: paid,
              ...lost2?.kind === "mistake" ? { mistakeDelta: lost2.cents } : {},
              ...lost2?.kind === "loss" ? { lossDelta: lost2.cents } : {}
            });
          });
        }
        await db.execute(sql59`update customers c set balance_cents = coalesce((select sum(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)
      from invoices i where i.customer_id = c.id), 0)`);
        ctx.log(`payments: ${posted} on ${rows.length} invoices`);
      }
    };
  }
});

// ../shared/src/permissions/demo-roles.ts
function grantsFor(spec) {
  return withAncestors(
    Object.entries(spec).flatMap(([key, actions]) => {
      const section2 = SECTION_BY_ID.get(Number(key));
      if (!section2) throw new Error(`Unknown section ${key}`);
      return [0, ...actions === "all" ? section2.actions : actions].map((action) => ({ section: section2.id, action }));
    })
  );
}
var VIEW3, COMMON, DEMO_ROLES;
var init_demo_roles = __esm({
  "../shared/src/permissions/demo-roles.ts"() {
    "use strict";
    init_constants2();
    init_catalogue();
    init_grants();
    VIEW3 = [ACTION.VIEW];
    COMMON = { [SECTION.Profile]: "all", [SECTION.Account]: "all", 97: "all", 118: "all", 103: "all", 106: "all" };
    DEMO_ROLES = {
      Dispatcher: {
        ...COMMON,
        // Dispatchers see their own trips only (no VIEW_ALL_TRIPS).
        [SECTION.Trips]: SECTION_BY_ID.get(SECTION.Trips)?.actions.filter((a) => a !== EXTRA_ACTION.VIEW_ALL_TRIPS) ?? [],
        [SECTION.Dashboard]: "all",
        [SECTION.Statistics]: VIEW3,
        [SECTION.DispatchStatistics]: "all",
        [SECTION.Cities]: [ACTION.VIEW, ACTION.EDIT, ACTION.CREATE],
        [SECTION.Brokers]: [ACTION.VIEW, ACTION.EDIT, ACTION.CREATE],
        [SECTION.Drivers]: VIEW3,
        [SECTION.Trucks]: VIEW3,
        [SECTION.Trailers]: VIEW3,
        [SECTION.Customers]: VIEW3
      },
      Accountant: {
        ...COMMON,
        [SECTION.Accounting]: "all",
        [SECTION.CustomerNotPaidInvoices]: "all",
        [SECTION.InvoiceGenerator]: "all",
        [SECTION.Billing]: "all",
        [SECTION.DispatchersStatements]: "all",
        [SECTION.Schedules]: "all",
        [SECTION.ShortPayments]: "all",
        [SECTION.ScheduledPayments]: "all",
        [SECTION.LostPayments]: "all",
        [SECTION.Statistics]: VIEW3,
        [SECTION.DispatchStatistics]: VIEW3,
        [SECTION.Customers]: "all",
        [SECTION.FactoringCompanies]: "all",
        [SECTION.Brokers]: VIEW3,
        [SECTION.Trips]: [ACTION.VIEW, EXTRA_ACTION.VIEW_ALL_TRIPS]
      },
      Safety: {
        ...COMMON,
        91: "all",
        92: "all",
        93: "all",
        [SECTION.Logbooks]: "all",
        [SECTION.Reports]: "all",
        [SECTION.Statistics]: VIEW3,
        [SECTION.Analytics]: VIEW3,
        [SECTION.Drivers]: "all",
        [SECTION.Trucks]: "all",
        [SECTION.Trailers]: "all",
        [SECTION.Employees]: "all",
        [SECTION.Settings]: VIEW3
      },
      "Shop manager": {
        ...COMMON,
        [SECTION.Shop]: "all",
        [SECTION.WorkOrders]: "all",
        [SECTION.WorkOrdersStatistics]: "all",
        [SECTION.Planner]: "all",
        [SECTION.Downtime]: "all",
        [SECTION.TrucksOnTheRoad]: "all",
        [SECTION.Trucks]: "all",
        [SECTION.Trailers]: "all",
        [SECTION.TrailerTypes]: "all"
      },
      Customer: {
        [SECTION.Profile]: VIEW3,
        [SECTION.Accounting]: VIEW3,
        // Customers may export their own invoices and payments (rows are scoped to their customer).
        [SECTION.CustomerNotPaidInvoices]: [ACTION.VIEW, ACTION.VIEW_DOC, ACTION.DOWNLOAD_DOC, ACTION.EXPORT]
      }
    };
  }
});

// src/modules/roles/roles.seed.ts
var rolesSeeder;
var init_roles_seed = __esm({
  "src/modules/roles/roles.seed.ts"() {
    "use strict";
    init_demo_roles();
    init_auth_table();
    init_seed();
    rolesSeeder = {
      name: "roles",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const demoCustomerId = ref(ctx, "demoCustomerId");
        const ids2 = /* @__PURE__ */ new Map();
        const [admin] = await ctx.db.insert(roles).values({ companyId, name: "Administrator", allPermissions: true }).returning({ id: roles.id });
        ids2.set("Administrator", admin?.id ?? 0);
        for (const [name, spec] of Object.entries(DEMO_ROLES)) {
          const [role] = await ctx.db.insert(roles).values({ companyId, name, customerId: name === "Customer" ? demoCustomerId : null }).returning({ id: roles.id });
          if (!role) throw new Error(`role ${name} not created`);
          ids2.set(name, role.id);
          await ctx.db.insert(rolePermissions).values(grantsFor(spec).map((g) => ({ roleId: role.id, sectionId: g.section, actionId: g.action })));
        }
        ctx.refs.set("roleIds", ids2);
      }
    };
  }
});

// src/modules/schedules/schedules.seed.ts
import { sql as sql60 } from "drizzle-orm";
var chance, DAY, ACTIONS, SCHEDULE_ACTIONS, schedulesSeeder;
var init_schedules_seed = __esm({
  "src/modules/schedules/schedules.seed.ts"() {
    "use strict";
    init_formats();
    init_seed();
    init_short_payments();
    init_schedules_table();
    chance = (n, salt) => {
      let h = Math.imul(n ^ Math.imul(salt, 2654435761), 2246822507);
      h = Math.imul(h ^ h >>> 13, 3266489909);
      return ((h ^ h >>> 16) >>> 0) / 4294967296;
    };
    DAY = 864e5;
    ACTIONS = [
      "Called the broker, payment promised next week.",
      "Emailed the factoring company the lumper receipt.",
      "Disputed: detention not approved by the broker.",
      "Customer asked to re-bill the difference.",
      "Waiting for the corrected rate confirmation."
    ];
    SCHEDULE_ACTIONS = ["Called funding desk: received.", "Verification in progress.", "Funded by ACH."];
    schedulesSeeder = {
      name: "factoring schedules and short payments",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const [author] = (await ctx.db.execute(
          sql60`select id from users where company_id = ${companyId} order by (email like 'accountant@%') desc, id limit 1`
        )).rows;
        const fallback = (await ctx.db.execute(
          sql60`select id, name, percent_bp from factoring_companies where company_id = ${companyId} order by id limit 1`
        )).rows[0];
        if (!fallback) return;
        const candidates2 = (await ctx.db.execute(
          sql60`select loads.id, loads.gross_cents, loads.delivery_at as delivered,
            to_char(date_trunc('week', loads.delivery_at at time zone ${COMPANY_TIME_ZONE_DEFAULT}), 'YYYY-MM-DD') as week,
            coalesce(fc.id, ${fallback.id}) as factoring_company_id, coalesce(fc.name, ${fallback.name}) as factoring_name,
            coalesce(fc.percent_bp, ${fallback.percent_bp}) as percent_bp
          from loads left join customers c on c.id = loads.customer_id
            left join factoring_companies fc on fc.id = c.factoring_company_id
          where loads.company_id = ${companyId} and loads.factoring and loads.ppw = 1
            and loads.delivery_at between now() - interval '150 days' and now() - interval '10 days'
          order by loads.delivery_at, loads.id`
        )).rows;
        const groups = /* @__PURE__ */ new Map();
        for (const c of candidates2) {
          const key = `${c.factoring_company_id}|${c.week}`;
          groups.set(key, [...groups.get(key) ?? [], c]);
        }
        const now = Date.now();
        const shorts = [];
        for (const group of groups.values()) {
          const first = group[0];
          const createdAt = new Date(new Date(first.delivered).getTime() + 3 * DAY);
          const processed = now - createdAt.getTime() > 21 * DAY;
          const [schedule] = await ctx.db.insert(factoringSchedules).values({
            companyId,
            factoringCompanyId: Number(first.factoring_company_id),
            name: `Week of ${first.week}`,
            createdBy: author?.id ?? null,
            createdAt,
            sentAt: createdAt
          }).returning({ id: factoringSchedules.id });
          if (!schedule) continue;
          const rows = group.map((c) => {
            const gross = Number(c.gross_cents);
            const expected = expectedFactoringCents(gross, Number(c.percent_bp));
            const applied = processed && chance(c.id, 1) > 0.06;
            const short = applied && chance(c.id, 2) < 0.12;
            const amount = short ? expected - Math.round((5e3 + chance(c.id, 3) * 6e4) / 100) * 100 : expected;
            const processedAt = new Date(createdAt.getTime() + (2 + Math.floor(chance(c.id, 4) * 10)) * DAY);
            if (short) {
              const ageDays = Math.floor((now - processedAt.getTime()) / DAY);
              const pick = chance(c.id, 5);
              const old = ageDays > 75;
              const status = pick < (old ? 0.45 : 0) ? "Complete" : pick < (old ? 0.55 : 0.08) ? "Processed by customer" : pick < (old ? 0.6 : 0.12) ? "Inactive customer" : pick < (old ? 0.8 : 0.5) ? "In progress" : "New";
              shorts.push({
                companyId,
                loadId: c.id,
                scheduleId: schedule.id,
                factoringCompanyId: Number(c.factoring_company_id),
                grossCents: gross,
                amountFactoringCents: amount,
                debtCents: expected - amount,
                processedDate: processedAt.toISOString().slice(0, 10),
                status,
                actions: status === "New" ? null : ACTIONS[Math.floor(chance(c.id, 6) * ACTIONS.length)] ?? null,
                createdBy: author?.id ?? null,
                createdAt: processedAt,
                updatedAt: processedAt
              });
            }
            return {
              scheduleId: schedule.id,
              loadId: c.id,
              amountFactoringCents: applied ? amount : null,
              status: applied ? "applied" : "not_processed",
              processedAt: applied ? processedAt : null
            };
          });
          await ctx.db.insert(scheduleLoads).values(rows);
          if (processed)
            await ctx.db.insert(scheduleActions).values({
              scheduleId: schedule.id,
              actionText: SCHEDULE_ACTIONS[schedule.id % SCHEDULE_ACTIONS.length] ?? "Received.",
              createdBy: author?.id ?? null,
              createdAt: new Date(createdAt.getTime() + DAY)
            });
        }
        if (shorts.length) await ctx.db.insert(shortPayments).values(shorts);
        ctx.log(`${groups.size} factoring schedules, ${shorts.length} short payments`);
      }
    };
  }
});

// src/modules/trailers/trailers.seed.ts
function trailerMeter(reading, untilPm, reefer = false) {
  const scale = reefer ? 10 : 1;
  return { odometer: Math.round(reading / scale), pmMiles: Math.round((reading + untilPm) / scale) };
}
var MAKES, trailersSeeder;
var init_trailers_seed = __esm({
  "src/modules/trailers/trailers.seed.ts"() {
    "use strict";
    init_seed();
    init_seed_helpers();
    init_trailers_table();
    MAKES = ["Utility", "Wabash", "Great Dane", "Hyundai Translead", "Stoughton", "Fontaine"];
    trailersSeeder = {
      name: "trailers",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const customerIds = ref(ctx, "customerIds");
        const typeIds = ref(ctx, "trailerTypeIds");
        const f = ctx.faker;
        const rows = Array.from({ length: scaled(ctx, 80, 4) }, (_, i) => {
          const status = i % 19 === 18 ? "sold" : i % 23 === 22 ? "left_company" : "active";
          const typeIndex = i % 7 < 4 ? 0 : i % 7 < 6 ? 1 : 2;
          return {
            companyId,
            trailerNumber: `TR${3001 + i}`,
            // Mostly dry vans and reefers, like a real van fleet.
            trailerTypeId: typeIds[typeIndex] ?? null,
            size: f.helpers.arrayElement(["53 ft", "53 ft", "53 ft", "48 ft"]),
            make: f.helpers.arrayElement(MAKES),
            year: f.number.int({ min: 2012, max: 2026 }),
            vin: f.vehicle.vin(),
            plate: f.string.alphanumeric({ length: 7, casing: "upper" }),
            customerId: status === "active" ? customerIds[i % customerIds.length] ?? null : null,
            alignmentDate: dayFromToday(f.number.int({ min: -120, max: 300 })),
            annualInspectionDate: dayFromToday(f.number.int({ min: -40, max: 360 })),
            ...trailerMeter(
              f.number.int({ min: 10, max: 90 }) * 1e3,
              f.number.int({ min: -6, max: 20 }) * 1e3,
              typeIndex === 1
            ),
            registrationExpiresOn: dayFromToday(f.number.int({ min: -20, max: 365 })),
            companyOwner: i % 4 === 0 ? "Backhaul Demo Freight" : null,
            gps: i % 2 === 0 ? "SkyBitz" : "Spireon",
            status,
            originValueCents: f.number.int({ min: 18, max: 75 }) * 1e5
          };
        });
        const inserted = await ctx.db.insert(trailers).values(rows).returning({
          id: trailers.id,
          customerId: trailers.customerId,
          year: trailers.year,
          originValueCents: trailers.originValueCents
        });
        ctx.refs.set("trailers", inserted);
      }
    };
  }
});

// src/modules/trips/trips.seed.ts
import { sql as sql61 } from "drizzle-orm";
function seasonalRate(date11, noise) {
  const month = date11.getUTCMonth();
  const season = [-0.25, -0.3, -0.1, 0.05, 0.2, 0.35, 0.25, 0.05, 0, 0.1, 0.3, 0.4][month] ?? 0;
  return Math.min(3.2, Math.max(1.8, 2.45 + season + noise));
}
async function insertChunks(db, rows, insert) {
  for (let i = 0; i < rows.length; i += CHUNK2) await insert(rows.slice(i, i + CHUNK2));
  void db;
}
var HUBS, CHUNK2, HOUR, roadMiles, tripsSeeder;
var init_trips_seed = __esm({
  "src/modules/trips/trips.seed.ts"() {
    "use strict";
    init_seed();
    init_seed_helpers();
    init_mileage();
    init_loads_table();
    init_trips_table();
    HUBS = hubPlaces();
    CHUNK2 = 1e3;
    HOUR = 36e5;
    roadMiles = (a, b) => a === b ? 0 : estimateRoadMiles(a, b);
    tripsSeeder = {
      name: "trips",
      async run(ctx) {
        const { db, faker: f } = ctx;
        const companyId = ref(ctx, "companyId");
        const exec = async (q) => (await db.execute(q)).rows;
        const fleet = await exec(
          sql61`select id, customer_id, trailer_id, driver_id from trucks where company_id = ${companyId} and status = 'active' order by id`
        );
        const brokerIds = (await exec(sql61`select id from brokers where company_id = ${companyId} order by id`)).map((b) => b.id);
        const dispatchers = (await exec(
          sql61`select u.id, u.email from users u left join departments d on d.id = u.department_id
          where u.company_id = ${companyId} and u.active and (d.name = 'Dispatch' or u.role = 2) order by u.id`
        )).map((u) => u.id);
        const cityIds = new Map(
          (await exec(sql61`select id, city, state from cities`)).map((c) => [
            `${c.state}|${c.city.toLowerCase()}`,
            c.id
          ])
        );
        if (!fleet.length || !brokerIds.length || !dispatchers.length || HUBS.length < 2) {
          ctx.log("  trips: no fleet, brokers or dispatchers, skipped");
          return;
        }
        const favourites = brokerIds.slice(0, Math.max(5, Math.round(brokerIds.length / 6)));
        const pickBroker = () => f.helpers.arrayElement(f.number.float() < 0.65 ? favourites : brokerIds);
        const now = Date.now();
        const start = now - 365 * 24 * HOUR;
        const horizon = now + 5 * 24 * HOUR;
        const tripRows = [];
        const loadsByTrip = [];
        fleet.forEach((truck, index23) => {
          const dispatcherId = dispatchers[index23 % dispatchers.length];
          const factoring = (truck.customer_id ?? 0) % 3 === 0;
          let at = start + f.number.int({ min: 0, max: 72 }) * HOUR;
          let here = f.helpers.arrayElement(HUBS);
          while (at < horizon) {
            const count = f.number.float() < 0.78 ? 1 : 2;
            const tripLoads = [];
            const tripStart = at;
            for (let n = 0; n < count && at < horizon; n++) {
              const near = HUBS.filter((h) => h !== here && roadMiles(here, h) < 260);
              const origin = near.length && f.number.float() < 0.35 ? f.helpers.arrayElement(near) : here;
              const lanes = HUBS.filter((h) => h !== origin && roadMiles(origin, h) >= 180 && roadMiles(origin, h) <= 1300);
              const dest = f.helpers.arrayElement(lanes.length ? lanes : HUBS.filter((h) => h !== origin));
              const stopsVia = f.number.float() < 0.15 ? HUBS.filter(
                (h) => h !== origin && h !== dest && roadMiles(origin, h) + roadMiles(h, dest) < roadMiles(origin, dest) * 1.3
              ) : [];
              const via = stopsVia.length ? f.helpers.arrayElement(stopsVia) : null;
              const empty = origin === here ? f.number.int({ min: 8, max: 65 }) : roadMiles(here, origin);
              const loaded = via ? roadMiles(origin, via) + roadMiles(via, dest) : roadMiles(origin, dest);
              const pickupAt = new Date(at + Math.round((empty / 50 + f.number.float({ min: 1, max: 6 })) * HOUR));
              const deliveryAt = new Date(
                pickupAt.getTime() + Math.round((loaded / 48 + f.number.float({ min: 1, max: 4 })) * HOUR)
              );
              const rate2 = seasonalRate(pickupAt, f.number.float({ min: -0.25, max: 0.25 }));
              const delivered = deliveryAt.getTime() < now - 2 * 24 * HOUR;
              const ppw = delivered && f.number.float() < 0.85;
              const stop = (type, position, hub, when) => ({
                type,
                position,
                cityId: cityIds.get(`${hub.state}|${hub.city.toLowerCase()}`) ?? null,
                city: hub.city,
                state: hub.state,
                zip: hub.zip,
                address: `${f.number.int({ min: 100, max: 9999 })} ${f.location.street()}`,
                facility: `${f.company.name()} ${f.helpers.arrayElement(["DC", "Warehouse", "Plant", "Cold Storage"])}`,
                at: when
              });
              const viaAt = via ? new Date(pickupAt.getTime() + Math.round((roadMiles(origin, via) / 48 + 1) * HOUR)) : null;
              tripLoads.push({
                companyId,
                tripId: 0,
                position: n + 1,
                brokerId: pickBroker(),
                brokerNumber: String(f.number.int({ min: 1e6, max: 99999999 })),
                bol: `BOL${f.number.int({ min: 1e5, max: 999999 })}`,
                grossCents: Math.round(rate2 * loaded / 25) * 2500,
                mileageLoaded: loaded,
                mileageEmpty: empty,
                factoring,
                ppw: ppw ? 1 : 0,
                ppwCreatedBy: ppw ? dispatcherId : null,
                ppwDate: ppw ? new Date(deliveryAt.getTime() + f.number.int({ min: 2, max: 40 }) * HOUR) : null,
                aiStatus: f.number.float() < 0.06 ? "confirmed" : null,
                createdBy: dispatcherId,
                createdAt: new Date(Math.min(now, pickupAt.getTime() - f.number.int({ min: 6, max: 96 }) * HOUR)),
                stops: [
                  stop(1, 1, origin, pickupAt),
                  ...via && viaAt ? [stop(2, 1, via, viaAt)] : [],
                  stop(2, via ? 2 : 1, dest, deliveryAt)
                ]
              });
              here = dest;
              at = deliveryAt.getTime() + f.number.float({ min: 6, max: 30 }) * HOUR;
            }
            if (!tripLoads.length) break;
            tripRows.push({
              companyId,
              customerId: truck.customer_id,
              truckId: truck.id,
              trailerId: truck.trailer_id,
              driverId: truck.driver_id,
              dispatcherId,
              createdBy: dispatcherId,
              createdAt: new Date(Math.min(now, tripStart)),
              updatedAt: new Date(Math.min(now, tripStart))
            });
            loadsByTrip.push(tripLoads);
            if (f.number.float() < 0.08) at += f.number.int({ min: 24, max: 60 }) * HOUR;
          }
        });
        const tripIds = [];
        await insertChunks(db, tripRows, async (chunk) => {
          const ids2 = await db.insert(trips).values(chunk).returning({ id: trips.id });
          tripIds.push(...ids2.map((r) => r.id));
        });
        const flatLoads = loadsByTrip.flatMap((group, i) => group.map((l) => ({ ...l, tripId: tripIds[i] })));
        const stopRows = [];
        await insertChunks(db, flatLoads, async (chunk) => {
          const ids2 = await db.insert(loads).values(chunk.map(({ stops: _, ...l }) => l)).returning({ id: loads.id });
          chunk.forEach((l, i) => {
            for (const s of l.stops) stopRows.push({ ...s, loadId: ids2[i]?.id });
          });
        });
        await insertChunks(db, stopRows, (chunk) => db.insert(loadStops).values(chunk));
        await db.execute(sql61`
      update loads set customer_id = t.customer_id, truck_id = t.truck_id, trailer_id = t.trailer_id,
        driver_id = t.driver_id, dispatcher_id = t.dispatcher_id,
        (pickup_at, pickup_city, pickup_state) = (select s.at, s.city, s.state from load_stops s
          where s.load_id = loads.id and s.type = 1 order by s.position limit 1),
        (delivery_at, delivery_city, delivery_state) = (select s.at, s.city, s.state from load_stops s
          where s.load_id = loads.id and s.type = 2 order by s.position desc limit 1)
      from trips t where t.id = loads.trip_id and loads.company_id = ${companyId}`);
        const notes = tripIds.filter(() => f.number.float() < 0.1).map((tripId, i, all) => ({
          tripId,
          text: f.helpers.arrayElement([
            "Receiver asks for a call one hour out.",
            "Lumper paid by driver, receipt in PPW.",
            "Detention at shipper: 3 hours, broker notified.",
            "Appointment moved by the broker; new time confirmed.",
            "Driver reports a TONU risk: load not ready."
          ]),
          status: i >= all.length - 6 ? f.helpers.arrayElement(["new", "edit"]) : "seen",
          createdBy: dispatchers[i % dispatchers.length]
        }));
        if (notes.length) await insertChunks(db, notes, (chunk) => db.insert(tripNotes).values(chunk));
        const connections = tripIds.slice(0, -1).flatMap(
          (id, i) => tripRows[i]?.truckId === tripRows[i + 1]?.truckId && f.number.float() < 0.04 ? [{ tripId: id, connectedTripId: tripIds[i + 1] }] : []
        );
        if (connections.length) await db.insert(tripConnections).values(connections);
        ctx.log(`  ${tripIds.length} trips, ${flatLoads.length} loads, ${stopRows.length} stops`);
      }
    };
  }
});

// src/modules/trucks/trucks.seed.ts
var MODELS, ELD, trucksSeeder;
var init_trucks_seed = __esm({
  "src/modules/trucks/trucks.seed.ts"() {
    "use strict";
    init_seed();
    init_seed_helpers();
    init_trucks_table();
    MODELS = [
      ["Freightliner", "Cascadia"],
      ["Kenworth", "T680"],
      ["Peterbilt", "579"],
      ["Volvo", "VNL 860"],
      ["International", "LT625"],
      ["Mack", "Anthem"]
    ];
    ELD = ["Samsara", "Motive", "Omnitracs", "Garmin eLog"];
    trucksSeeder = {
      name: "trucks",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const customerIds = ref(ctx, "customerIds");
        const trailerRows = ref(ctx, "trailers");
        const f = ctx.faker;
        const freeTrailers = [...trailerRows.filter((t) => t.customerId !== null)];
        const rows = Array.from({ length: scaled(ctx, 60, 4) }, (_, i) => {
          const status = i % 17 === 16 ? "sold" : i % 29 === 28 ? "left_company" : "active";
          const [make, model] = MODELS[i % MODELS.length] ?? MODELS[0];
          const customerId2 = status === "active" ? customerIds[i % customerIds.length] ?? null : null;
          const trailerIndex = freeTrailers.findIndex((t) => t.customerId === customerId2);
          const trailer = customerId2 && i % 6 !== 5 && trailerIndex >= 0 ? freeTrailers.splice(trailerIndex, 1)[0] : void 0;
          const odometer = f.number.int({ min: 40, max: 900 }) * 1e3;
          return {
            companyId,
            truckNumber: String(101 + i),
            make,
            model,
            year: f.number.int({ min: 2015, max: 2026 }),
            vin: f.vehicle.vin(),
            plate: f.string.alphanumeric({ length: 7, casing: "upper" }),
            customerId: customerId2,
            trailerId: trailer?.id ?? null,
            eld: f.helpers.arrayElement(ELD),
            alignmentDate: dayFromToday(f.number.int({ min: -90, max: 200 })),
            annualInspectionDate: dayFromToday(f.number.int({ min: -30, max: 360 })),
            pmMiles: odometer + f.number.int({ min: -5, max: 25 }) * 1e3,
            odometer,
            registrationExpiresOn: dayFromToday(f.number.int({ min: -15, max: 365 })),
            companyOwner: i % 3 === 0 ? "Backhaul Demo Freight" : null,
            status,
            truckStatus: status === "active" ? f.helpers.arrayElement(["on_road", "on_road", "on_road", "waiting", "in_shop"]) : null,
            originValueCents: f.number.int({ min: 65, max: 190 }) * 1e5
          };
        });
        const inserted = await ctx.db.insert(trucks).values(rows).returning({
          id: trucks.id,
          customerId: trucks.customerId,
          trailerId: trucks.trailerId,
          status: trucks.status,
          year: trucks.year,
          originValueCents: trucks.originValueCents
        });
        ctx.refs.set("trucks", inserted);
      }
    };
  }
});

// src/modules/units/units.seed.ts
var NOTES, unitsSeeder;
var init_units_seed = __esm({
  "src/modules/units/units.seed.ts"() {
    "use strict";
    init_seed();
    init_seed_helpers();
    init_units_table();
    NOTES = [
      "Replaced steer tires at 412k miles.",
      "Driver reports slight pull to the right; check alignment at next PM.",
      "APU serviced; filters changed.",
      "DOT inspection passed with no violations.",
      "Reefer unit logged 38 engine hours this week."
    ];
    unitsSeeder = {
      name: "unit equipment, notes, values and history",
      async run(ctx) {
        const truckRows = ref(ctx, "trucks");
        const trailerRows = ref(ctx, "trailers");
        const equipmentIds = ref(ctx, "equipmentNameIds");
        const f = ctx.faker;
        const driverOf = ref(ctx, "truckDrivers");
        const units = [
          ...truckRows.map((t) => ({
            unitType: "truck",
            unitId: t.id,
            customerId: t.customerId,
            driverId: driverOf.get(t.id) ?? null,
            trailerId: t.trailerId,
            year: t.year,
            origin: t.originValueCents
          })),
          ...trailerRows.map((t) => ({
            unitType: "trailer",
            unitId: t.id,
            customerId: t.customerId,
            driverId: null,
            trailerId: null,
            year: t.year,
            origin: t.originValueCents
          }))
        ];
        const equipment = units.flatMap(
          (u, i) => Array.from({ length: 1 + i % 3 }, (_, k) => ({
            unitType: u.unitType,
            unitId: u.unitId,
            equipmentNameId: equipmentIds[(i + k * 3) % equipmentIds.length] ?? 1,
            quantity: f.number.int({ min: 1, max: 8 })
          }))
        );
        await ctx.db.insert(unitEquipment).values(equipment);
        await ctx.db.insert(unitNotes).values(
          units.filter((_, i) => i % 3 === 0).map((u, i) => ({ unitType: u.unitType, unitId: u.unitId, text: NOTES[i % NOTES.length] ?? "" }))
        );
        const thisYear2 = Number(dayFromToday(0).slice(0, 4));
        await ctx.db.insert(unitValues).values(
          units.flatMap((u) => {
            const origin = u.origin ?? f.number.int({ min: 60, max: 180 }) * 1e5;
            const firstYear = Math.max(u.year ?? thisYear2 - 3, thisYear2 - 3);
            return Array.from({ length: thisYear2 - firstYear + 1 }, (_, k) => ({
              unitType: u.unitType,
              unitId: u.unitId,
              year: firstYear + k,
              valueCents: Math.round(origin * (1 - 0.12 * (k + 1)) / 100) * 100
            }));
          })
        );
        await ctx.db.insert(unitAssignments).values(
          units.filter((u) => u.customerId !== null).map((u) => ({
            unitType: u.unitType,
            unitId: u.unitId,
            customerId: u.customerId,
            driverId: u.driverId,
            trailerId: u.trailerId,
            fromDate: dayFromToday(-f.number.int({ min: 30, max: 700 }))
          }))
        );
      }
    };
  }
});

// src/modules/users/users.seed.ts
var DEMO_USERS, STAFF, FULL_SCALE, usersSeeder;
var init_users_seed = __esm({
  "src/modules/users/users.seed.ts"() {
    "use strict";
    init_auth_table();
    init_password();
    init_seed();
    DEMO_USERS = [
      {
        email: "admin@backhaul.demo",
        name: "Avery Admin",
        role: 0,
        permissionRole: "Administrator",
        department: "Management"
      },
      {
        email: "dispatcher@backhaul.demo",
        name: "Dana Dispatch",
        role: 2,
        permissionRole: "Dispatcher",
        department: "Dispatch"
      },
      {
        email: "accountant@backhaul.demo",
        name: "Alex Ledger",
        role: 1,
        permissionRole: "Accountant",
        department: "Accounting"
      },
      { email: "safety@backhaul.demo", name: "Sam Safety", role: 3, permissionRole: "Safety", department: "Safety" },
      { email: "shop@backhaul.demo", name: "Shay Wrench", role: 1, permissionRole: "Shop manager", department: "Shop" },
      { email: "customer@backhaul.demo", name: "Casey Customer", role: 4, permissionRole: "Customer", department: null }
    ];
    STAFF = [
      { name: "Marcus Bell", department: "Dispatch", role: 2, permissionRole: "Dispatcher" },
      { name: "Priya Natarajan", department: "Dispatch", role: 2, permissionRole: "Dispatcher" },
      { name: "Luis Ortega", department: "Dispatch", role: 2, permissionRole: "Dispatcher" },
      { name: "Kayla Brooks", department: "Dispatch", role: 3, permissionRole: "Dispatcher" },
      { name: "Trevor Haines", department: "Dispatch", role: 2, permissionRole: "Dispatcher", active: false },
      { name: "Olivia Chen", department: "Accounting", role: 4, permissionRole: "Accountant" },
      { name: "Darnell Price", department: "Accounting", role: 4, permissionRole: "Accountant" },
      { name: "Megan Foster", department: "Accounting", role: 3, permissionRole: "Accountant" },
      { name: "Rosa Delgado", department: "Safety", role: 4, permissionRole: "Safety" },
      { name: "Brian Kowalski", department: "Safety", role: 4, permissionRole: "Safety" },
      { name: "Hector Ruiz", department: "Shop", role: 4, permissionRole: "Shop manager" },
      { name: "Jamal Carter", department: "Shop", role: 4, permissionRole: "Shop manager" },
      { name: "Eric Lindqvist", department: "Shop", role: 4, permissionRole: "Shop manager", active: false },
      { name: "Tanya Moore", department: "Management", role: 1, permissionRole: "Administrator" },
      { name: "Greg Whitfield", department: "Sales", role: 1, permissionRole: null },
      { name: "Alicia Romero", department: "Sales", role: 4, permissionRole: null },
      { name: "Nate Sullivan", department: "Sales", role: 4, permissionRole: null },
      { name: "Fatima Yusuf", department: "Management", role: 3, permissionRole: "Accountant" }
    ];
    FULL_SCALE = 0.5;
    usersSeeder = {
      name: "users",
      async run(ctx) {
        const companyId = ref(ctx, "companyId");
        const roleIds = ref(ctx, "roleIds");
        const departments2 = ref(ctx, "departments");
        const demoCustomerId = ref(ctx, "demoCustomerId");
        const passwordHash = await hashPassword(ctx.password);
        await ctx.db.insert(users).values(
          DEMO_USERS.map((u) => ({
            companyId,
            email: u.email,
            name: u.name,
            role: u.role,
            passwordHash,
            permissionRoleId: roleIds.get(u.permissionRole) ?? null,
            departmentId: u.department ? departments2.get(u.department) ?? null : null,
            customerId: u.permissionRole === "Customer" ? demoCustomerId : null,
            image: null
          }))
        );
        if (ctx.scale < FULL_SCALE) return;
        await ctx.db.insert(users).values(
          STAFF.map((u) => ({
            companyId,
            email: `${u.name.toLowerCase().replace(/[^a-z]+/g, ".")}@backhaul.demo`,
            name: u.name,
            role: u.role,
            passwordHash,
            permissionRoleId: u.permissionRole ? roleIds.get(u.permissionRole) ?? null : null,
            departmentId: departments2.get(u.department) ?? null,
            customerId: null,
            image: null,
            active: u.active ?? true
          }))
        );
      }
    };
  }
});

// src/platform/companies/companies.seed.ts
var DEMO_DEPARTMENTS, companiesSeeder;
var init_companies_seed = __esm({
  "src/platform/companies/companies.seed.ts"() {
    "use strict";
    init_auth_table();
    init_companies_table();
    DEMO_DEPARTMENTS = ["Dispatch", "Accounting", "Safety", "Shop", "Management", "Sales"];
    companiesSeeder = {
      name: "company",
      async run(ctx) {
        const [company] = await ctx.db.insert(companies).values({ name: "Backhaul Demo Freight", timeZone: "America/Chicago" }).returning({ id: companies.id });
        if (!company) throw new Error("company not created");
        ctx.refs.set("companyId", company.id);
        await ctx.db.insert(appVersions).values({
          version: "0.1.0",
          versionShow: true,
          description: "First release: dispatch (trips and loads, PPW, mileage, rate-confirmation reading, statistics), receivables (billing, invoice generation in seconds, payments, AR aging, factoring schedules, short payments) and the Maintenance registries, with roles and permissions on every screen."
        });
        const rows = await ctx.db.insert(departments).values(DEMO_DEPARTMENTS.map((name) => ({ companyId: company.id, name }))).returning({ id: departments.id, name: departments.name });
        ctx.refs.set("departments", new Map(rows.map((r) => [r.name, r.id])));
      }
    };
  }
});

// src/seeders.ts
var seeders_exports = {};
__export(seeders_exports, {
  SEEDERS: () => SEEDERS
});
var SEEDERS;
var init_seeders = __esm({
  "src/seeders.ts"() {
    "use strict";
    init_accounting_services_seed();
    init_brokers_seed();
    init_cities_seed();
    init_clients_seed();
    init_customers_seed();
    init_drivers_seed();
    init_employees_seed();
    init_factoring_seed();
    init_general_seed();
    init_invoices_seed();
    init_payments_seed();
    init_roles_seed();
    init_schedules_seed();
    init_trailers_seed();
    init_trips_seed();
    init_trucks_seed();
    init_units_seed();
    init_users_seed();
    init_companies_seed();
    SEEDERS = [
      companiesSeeder,
      generalSeeder,
      factoringSeeder,
      customersSeeder,
      rolesSeeder,
      usersSeeder,
      customerSaleManagersSeeder,
      accountingServicesSeeder,
      employeesSeeder,
      trailersSeeder,
      trucksSeeder,
      driversSeeder,
      unitsSeeder,
      clientsSeeder,
      citiesSeeder,
      brokersSeeder,
      tripsSeeder,
      invoicesSeeder,
      // After the invoices: money received on them.
      paymentsSeeder,
      // Factored loads on schedules, and what the factoring companies paid short.
      schedulesSeeder
    ];
  }
});

// src/db/prepare.ts
var prepare_exports = {};
__export(prepare_exports, {
  isDatabaseEmpty: () => isDatabaseEmpty,
  prepareDatabase: () => prepareDatabase
});
async function isDatabaseEmpty(database2) {
  const [row] = await database2.query("select exists(select 1 from companies) as present");
  return !row?.present;
}
async function prepareDatabase(database2, config2, log = () => {
}) {
  await migrateDatabase(database2);
  const wanted = config2.SEED === "demo" || config2.SEED === "auto" && database2.kind === "pglite";
  if (!wanted) return { seeded: false };
  if (!await isDatabaseEmpty(database2)) return { seeded: false };
  log("Loading the demo company\u2026");
  const [{ runSeeders: runSeeders2 }, { SEEDERS: SEEDERS2 }] = await Promise.all([Promise.resolve().then(() => (init_seed(), seed_exports)), Promise.resolve().then(() => (init_seeders(), seeders_exports))]);
  await runSeeders2(database2.db, SEEDERS2, { scale: config2.SEED_SCALE, password: config2.DEMO_PASSWORD, log });
  return { seeded: true };
}
var init_prepare = __esm({
  "src/db/prepare.ts"() {
    "use strict";
    init_migrate();
  }
});

// src/phases.tmp.ts
var t0 = performance.now();
var lap = (s) => console.log(s.padEnd(20), (performance.now() - t0).toFixed(0), "ms", (process.memoryUsage().rss / 1048576).toFixed(0), "MB");
var { buildApp: buildApp2 } = await Promise.resolve().then(() => (init_app(), app_exports));
var { loadConfig: loadConfig2 } = await Promise.resolve().then(() => (init_config(), config_exports));
var { openDatabase: openDatabase2 } = await Promise.resolve().then(() => (init_client(), client_exports));
var { prepareDatabase: prepareDatabase2 } = await Promise.resolve().then(() => (init_prepare(), prepare_exports));
lap("imports");
var config = loadConfig2();
var database = await openDatabase2(config);
lap("open");
await prepareDatabase2(database, config);
lap("prepare");
var { app } = await buildApp2({ database, config });
lap("buildApp");
await app.listen({ port: 3290 });
lap("listen");
await app.close();
await database.close();
