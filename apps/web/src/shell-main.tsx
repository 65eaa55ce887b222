// Temporary alias while the shell was built behind KHELA_SHELL; main.tsx is the entry now.
import './main.tsx';
