/** /attendance: today's card with its actions, and any one day of the user's own attendance. */
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarMonthRegular, CalendarRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { todayIn } from '../../../../shared/date-range';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../api/hooks/me';
import { useTranslation } from '../../i18n';
import { DayPanel } from './DayPanel';
import { TodayCard } from './TodayCard';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(300px, 1fr) minmax(0, 1.4fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 1000px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  picker: { maxWidth: '220px' },
});

export function AttendancePage() {
  const styles = useStyles();
  const { t } = useTranslation('attendance');
  const me = useMe()!;
  const navigate = useNavigate();
  const today = todayIn(me.tenant.settings.tenant_timezone);
  // A link to a day (the missing check-out reminder: /attendance?date=YYYY-MM-DD) opens that day.
  const [params] = useSearchParams();
  const linked = params.get('date');
  const [date, setDate] = useState(linked && /^\d{4}-\d{2}-\d{2}$/.test(linked) && linked <= today ? linked : today);
  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          <Button icon={<CalendarMonthRegular />} onClick={() => navigate('/month-view')}>
            {t('page.monthView')}
          </Button>
        }
      />
      <div className={styles.layout}>
        <TodayCard />
        <div className={styles.column}>
          <Field label={t('page.day')} className={styles.picker}>
            <Input
              type="date"
              contentBefore={<CalendarRegular />}
              value={date}
              max={today}
              onChange={(_, d) => {
                if (/^\d{4}-\d{2}-\d{2}$/.test(d.value) && d.value <= today) setDate(d.value);
              }}
            />
          </Field>
          <DayPanel key={date} employee={{ id: me.employee.id, name: me.employee.name }} date={date} today={today} />
        </div>
      </div>
    </>
  );
}
