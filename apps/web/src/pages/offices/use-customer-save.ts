/** The submit of a customer's form (capacity, new customer, agent activation). */
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { serverFieldErrors } from '../../services/request';
import { officeErrorText } from './office-errors';

/**
 * `busy` while `save`'s work runs; a failure's field errors go on `form`, and a failure that names
 * no field shows as a message.
 */
export function useCustomerSave<V>(form: FormInstance<V>) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const save = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      form.setFields(Object.entries(fields).map(([name, msg]) => ({ name: name as never, errors: [msg] })));
      if (!Object.keys(fields).length) void message.error(officeErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return { busy, save };
}
