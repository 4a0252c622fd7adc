; Tilewise installer for Windows (Inno Setup 6). Runs only on Windows, in CI
; (.github/workflows/release.yml); it cannot be built or tested on the Linux development machine.
;
;   python packaging\build.py freeze --skip-checks          (-> build\release\dist\tilewise)
;   (CI signs every .exe and .dll in that folder first: Authenticode + RFC 3161 timestamp)
;   iscc /DAppVersion=0.1.0 [/DSIGN "/Ssigntool=signtool.exe sign ... $f"] packaging\windows\tilewise.iss
;
; With /DSIGN, Inno Setup signs the setup program and the uninstaller with that command.
; The version comes from pyproject.toml (CI reads it with tomllib and passes it in).

#ifndef AppVersion
  #error Pass /DAppVersion=<[project] version from pyproject.toml>
#endif
#ifndef SourceDir
  #define SourceDir "..\..\build\release\dist\tilewise"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

[Setup]
AppId={{6B2E51C4-8F3A-4D0B-A7C9-3E1F5D2B8A60}
AppName=Tilewise
AppVersion={#AppVersion}
AppVerName=Tilewise {#AppVersion}
AppPublisher=The Tilewise team
DefaultDirName={autopf}\Tilewise
DefaultGroupName=Tilewise
DisableProgramGroupPage=yes
; per-user install by default (no administrator needed); all users if the user chooses
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#OutputDir}
OutputBaseFilename=tilewise-{#AppVersion}-windows-x64-setup
SetupIconFile=..\..\resources\icons\tilewise.ico
UninstallDisplayIcon={app}\tilewise.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
#ifdef SIGN
SignTool=signtool
SignedUninstaller=yes
#endif

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "es"; MessagesFile: "compiler:Languages\Spanish.isl"
Name: "de"; MessagesFile: "compiler:Languages\German.isl"
; Inno Setup has no official Hindi messages file: Hindi users see the English wizard
; (the app itself is in Hindi).

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tilewise"; Filename: "{app}\tilewise.exe"
Name: "{autodesktop}\Tilewise"; Filename: "{app}\tilewise.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tilewise.exe"; Description: "{cm:LaunchProgram,Tilewise}"; Flags: nowait postinstall skipifsilent
