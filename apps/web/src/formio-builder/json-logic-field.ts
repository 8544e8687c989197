import { JSON_LOGIC_FIELD } from './edit-forms';

/**
 * The settings dialog's JSON Logic box: a plain text area (Form.io's own loads the ace editor from its
 * CDN, which our content security policy refuses) whose value is the parsed JSON. What does not parse,
 * or is a bare string (Form.io would take a string for JavaScript), stays in the box with a clear
 * message and blocks Save, so a half-typed rule never reaches the form.
 */

/** The message under the box, or null when the text is empty or a JSON Logic rule. */
export function jsonLogicProblem(text: string): string | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `Enter the rule as JSON (${reason})`;
  }
  if (typeof value === 'string') {
    return 'Enter the rule as JSON Logic, such as {"var": "data.answer"}, not as text or JavaScript';
  }
  return null;
}

/** The value to keep: the parsed rule, '' (Form.io's "none") for an empty box, the raw text while it is wrong. */
export function jsonLogicValue(text: string): unknown {
  if (text.trim() === '') return '';
  return jsonLogicProblem(text) === null ? JSON.parse(text) : text;
}

/**
 * What the box shows for a setting's value: a rule as indented JSON; text as it is (JavaScript from an
 * uploaded definition, which the problem message then asks to replace); nothing for none.
 */
export function jsonLogicText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

interface FormioError {
  message: string;
  level: string;
  path: string;
  component: unknown;
  context: Record<string, unknown>;
  ruleName: string;
}

// Form.io's component classes are untyped JavaScript; only what this subclass touches is described.
interface TextAreaInstance {
  component: { key: string; label?: string };
  path: string;
  refs: { input?: HTMLTextAreaElement[] };
  setValueAt(index: number, value: unknown, flags?: Record<string, unknown>): void;
  validateComponent(data?: unknown, row?: unknown, flags?: { async?: boolean }): unknown;
}
type TextAreaClass = (new (
  ...args: unknown[]
) => TextAreaInstance) & {
  schema(...extend: unknown[]): Record<string, unknown>;
};

/** Registers the JSON Logic box as a Form.io component type, for the edit forms only. */
export function registerJsonLogicField(components: {
  components: Record<string, unknown>;
  addComponent(name: string, component: unknown): void;
}): void {
  if (components.components[JSON_LOGIC_FIELD]) return;
  const TextArea = components.components.textarea as TextAreaClass;

  class JsonLogicField extends TextArea {
    static override schema(...extend: unknown[]) {
      return TextArea.schema(
        { type: JSON_LOGIC_FIELD, as: 'json', rows: 5, spellcheck: false, editor: '', wysiwyg: false },
        ...extend,
      );
    }

    /** Not offered in the palette: it only appears in settings dialogs. */
    static get builderInfo() {
      return {};
    }

    get defaultSchema() {
      return JsonLogicField.schema();
    }

    // Form.io's plain text area keeps the text as the value; the setting must hold the rule itself.
    setConvertedValue(value: unknown): string {
      return jsonLogicText(value);
    }

    normalizeValue(value: unknown): unknown {
      return typeof value === 'string' ? jsonLogicValue(value) : value;
    }

    override setValueAt(index: number, value: unknown, flags?: Record<string, unknown>): void {
      super.setValueAt(index, jsonLogicText(value), flags);
    }

    getValueAt(index: number): unknown {
      const text = this.refs.input?.[index]?.value ?? '';
      return jsonLogicValue(text);
    }

    override validateComponent(data?: unknown, row?: unknown, flags: { async?: boolean } = {}): unknown {
      const found = super.validateComponent(data, row, flags);
      const problem = jsonLogicProblem(this.refs.input?.[0]?.value ?? '');
      const add = (errors: FormioError[]) => (problem ? [...errors, this.problemError(problem)] : errors);
      return flags.async ? (found as Promise<FormioError[]>).then(add) : add(found as FormioError[]);
    }

    // Not "error": Form.io reads a component's `error` property as "has an error".
    private problemError(message: string): FormioError {
      const { key, label } = this.component;
      return {
        message,
        level: 'error',
        path: this.path,
        component: this.component,
        context: { key, label, path: this.path, hasLabel: false },
        ruleName: 'jsonLogic',
      };
    }
  }

  components.addComponent(JSON_LOGIC_FIELD, JsonLogicField);
}
