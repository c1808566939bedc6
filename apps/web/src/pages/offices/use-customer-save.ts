/** The submit of a customer's form (capacity, new customer, agent activation). */
import { App, type FormInstance } from 'antd';
import { serverFieldErrors } from '../../services/request';
import { useSubmit } from '../../utils/use-submit';
import { officeErrorText } from './office-errors';

/**
 * `busy` while `save`'s work runs; a failure's field errors go on `form`, and a failure that names
 * no field shows as a message.
 */
export function useCustomerSave<V>(form: FormInstance<V>) {
  const { message } = App.useApp();
  const { submitting, submit } = useSubmit();

  const save = (work: () => Promise<unknown>) =>
    submit(work, (failure) => {
      const fields = serverFieldErrors(failure);
      form.setFields(Object.entries(fields).map(([name, msg]) => ({ name: name as never, errors: [msg] })));
      if (!Object.keys(fields).length) void message.error(officeErrorText(failure));
      return null;
    });

  return { busy: submitting, save };
}
