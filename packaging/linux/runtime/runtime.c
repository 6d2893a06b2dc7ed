// SPDX-License-Identifier: GPL-3.0-or-later
// Pelscope's AppImage runtime: the ELF at the head of Pelscope-<v>-x86_64.AppImage,
// followed by the AppDir as a squashfs image (the AppImage "type 2" layout, so
// AppImage tools read it as any other). It is written for Pelscope so that the
// AppImage builds from Debian's packages alone (squashfuse's and libfuse's static
// libraries, linked in whole: packaging/README.md says what that means for the
// licences), with no download.
//
//   Pelscope.AppImage [args]            mount the image with FUSE where it can and run
//                                       AppRun; where FUSE is not usable, extract and run
//   --appimage-extract [PATH]           extract everything (or PATH and what is under it)
//                                       to ./squashfs-root
//   --appimage-extract-and-run [args]   extract to $TMPDIR, run AppRun, remove it again
//                                       (kept when APPIMAGE_EXTRACT_AND_RUN_KEEP is set)
//   --appimage-mount                    mount, print the mount point, serve until killed
//   --appimage-offset                   the image's offset in this file
//   --appimage-updateinformation        the update information embedded at build time
//   --appimage-help, --appimage-version
//
// AppRun gets APPIMAGE (this file), APPDIR (the mount point or the extracted
// tree), ARGV0 (how it was called) and OWD (the working directory it started in).
#define _GNU_SOURCE
#include "squashfuse.h"
#include "ll.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef PELSCOPE_RUNTIME_VERSION
#define PELSCOPE_RUNTIME_VERSION "unknown"
#endif

// Filled in by packaging/build-packages.sh (objcopy --update-section), read by
// AppImageUpdate: "gh-releases-zsync|owner|repo|latest|Pelscope-*x86_64.AppImage.zsync".
__attribute__((section(".upd_info"), used)) static char update_information[1024];

static const char *self_path(void)
{
    static char path[PATH_MAX];
    if (!path[0]) {
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
        if (n <= 0) {
            perror("appimage: /proc/self/exe");
            exit(1);
        }
        path[n] = '\0';
    }
    return path;
}

// Where the squashfs image starts: the end of this ELF, whose section headers
// come last (as the AppImage specification says a runtime must be laid out).
static off_t image_offset(int fd)
{
    Elf64_Ehdr eh;
    if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64)
        return -1;
    const off_t end = (off_t)(eh.e_shoff + (uint64_t)eh.e_shentsize * eh.e_shnum);
    char magic[4];
    if (pread(fd, magic, sizeof magic, end) != (ssize_t)sizeof magic || memcmp(magic, "hsqs", 4) != 0)
        return -1;
    return end;
}

static int open_image(sqfs *fs, off_t *offset)
{
    const int fd = open(self_path(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        perror("appimage: open");
        return -1;
    }
    *offset = image_offset(fd);
    if (*offset < 0) {
        fprintf(stderr, "appimage: %s holds no squashfs image after its ELF part\n", self_path());
        close(fd);
        return -1;
    }
    if (fs && sqfs_init(fs, fd, (size_t)*offset) != SQFS_OK) {
        fprintf(stderr, "appimage: the squashfs image in %s cannot be read (unsupported compression or damaged)\n", self_path());
        close(fd);
        return -1;
    }
    return fd;
}

static int mkdirs(char *path, mode_t mode)
{
    for (char *p = path + 1; *p; ++p)
        if (*p == '/') {
            *p = '\0';
            const int rc = mkdir(path, 0755);
            *p = '/';
            if (rc != 0 && errno != EEXIST)
                return -1;
        }
    return mkdir(path, mode) == 0 || errno == EEXIST ? 0 : -1;
}

static int write_file(sqfs *fs, sqfs_inode *inode, const char *dest)
{
    unlink(dest);
    const int out = open(dest, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, inode->base.mode & 07777);
    if (out < 0)
        return -1;
    static char buf[1 << 16];
    const sqfs_off_t size = (sqfs_off_t)inode->xtra.reg.file_size;
    for (sqfs_off_t at = 0; at < size;) {
        sqfs_off_t n = size - at < (sqfs_off_t)sizeof buf ? size - at : (sqfs_off_t)sizeof buf;
        if (sqfs_read_range(fs, inode, at, &n, buf) != SQFS_OK || n <= 0) {
            close(out);
            errno = EIO;
            return -1;
        }
        for (sqfs_off_t done = 0; done < n;) {
            const ssize_t w = write(out, buf + done, (size_t)(n - done));
            if (w < 0) {
                close(out);
                return -1;
            }
            done += w;
        }
        at += n;
    }
    fchmod(out, inode->base.mode & 07777);
    return close(out);
}

// Extracts the tree (or `only` and what lies under it) into `root`.
static int extract(sqfs *fs, const char *root, const char *only)
{
    sqfs_traverse trv;
    sqfs_err err = sqfs_traverse_open(&trv, fs, sqfs_inode_root(fs));
    if (err != SQFS_OK)
        return -1;
    char rootbuf[PATH_MAX];
    snprintf(rootbuf, sizeof rootbuf, "%s", root);
    if (mkdirs(rootbuf, 0755) != 0) {
        fprintf(stderr, "appimage: cannot create %s: %s\n", root, strerror(errno));
        return -1;
    }
    int failed = 0;
    while (sqfs_traverse_next(&trv, &err)) {
        if (trv.dir_end)
            continue;
        if (only && *only) {
            const size_t n = strlen(only);
            const int under = strncmp(trv.path, only, n) == 0 && (trv.path[n] == '\0' || trv.path[n] == '/');
            const int above = strncmp(only, trv.path, strlen(trv.path)) == 0 && only[strlen(trv.path)] == '/';
            if (!under && !above && fnmatch(only, trv.path, FNM_PATHNAME) != 0)
                continue;
        }
        sqfs_inode inode;
        if (sqfs_inode_get(fs, &inode, sqfs_dentry_inode(&trv.entry)) != SQFS_OK) {
            failed = 1;
            continue;
        }
        char dest[PATH_MAX];
        if (snprintf(dest, sizeof dest, "%s/%s", root, trv.path) >= (int)sizeof dest) {
            failed = 1;
            continue;
        }
        int rc = 0;
        switch (inode.base.inode_type) {
        case SQUASHFS_DIR_TYPE:
        case SQUASHFS_LDIR_TYPE: rc = mkdirs(dest, inode.base.mode & 07777 ? (inode.base.mode & 07777) | 0700 : 0755); break;
        case SQUASHFS_REG_TYPE:
        case SQUASHFS_LREG_TYPE: rc = write_file(fs, &inode, dest); break;
        case SQUASHFS_SYMLINK_TYPE:
        case SQUASHFS_LSYMLINK_TYPE: {
            char target[PATH_MAX];
            size_t size = sizeof target;
            if (sqfs_readlink(fs, &inode, target, &size) != SQFS_OK) {
                rc = -1;
                break;
            }
            unlink(dest);
            rc = symlink(target, dest);
            break;
        }
        default: break; // devices, fifos and sockets have no place in an AppDir
        }
        if (rc != 0) {
            fprintf(stderr, "appimage: cannot extract %s: %s\n", trv.path, strerror(errno));
            failed = 1;
        }
    }
    sqfs_traverse_close(&trv);
    return failed || err != SQFS_OK ? -1 : 0;
}

static void export_environment(const char *appdir, const char *argv0)
{
    setenv("APPIMAGE", self_path(), 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv0, 1);
    char cwd[PATH_MAX];
    if (getcwd(cwd, sizeof cwd))
        setenv("OWD", cwd, 1);
}

static void exec_apprun(const char *appdir, int argc, char **argv)
{
    char apprun[PATH_MAX];
    snprintf(apprun, sizeof apprun, "%s/AppRun", appdir);
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args)
        exit(1);
    args[0] = apprun;
    for (int i = 1; i < argc; ++i)
        args[i] = argv[i];
    execv(apprun, args);
    fprintf(stderr, "appimage: cannot run %s: %s\n", apprun, strerror(errno));
    exit(127);
}

static int remove_tree(const char *path)
{
    // nftw would pull in more of libc than this needs: fork rm, which every system has.
    const pid_t pid = fork();
    if (pid == 0) {
        execlp("rm", "rm", "-rf", "--", path, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int extract_and_run(int argc, char **argv)
{
    sqfs fs;
    off_t offset;
    if (open_image(&fs, &offset) < 0)
        return 1;
    const char *tmp = getenv("TMPDIR");
    char dir[PATH_MAX];
    // One directory per run (two at once must not share a half-written tree).
    snprintf(dir, sizeof dir, "%s/appimage_extracted_pelscope_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("appimage: mkdtemp");
        return 1;
    }
    if (extract(&fs, dir, NULL) != 0) {
        remove_tree(dir);
        return 1;
    }
    sqfs_destroy(&fs);
    export_environment(dir, argv[0]);
    const pid_t child = fork();
    if (child < 0)
        return 1;
    if (child == 0)
        exec_apprun(dir, argc, argv);
    // Signals meant for the program go to it; this process only waits and cleans up.
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (!getenv("APPIMAGE_EXTRACT_AND_RUN_KEEP"))
        remove_tree(dir);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Mounts the image at a new directory and serves it in a child process that
// ends (unmounting) when the process that asked for it ends. Returns the
// mount point, or NULL when FUSE cannot be used here.
static char *mount_image(int stay)
{
    off_t offset;
    const int fd = open_image(NULL, &offset);
    if (fd < 0)
        return NULL;
    close(fd);
    if (access("/dev/fuse", R_OK | W_OK) != 0)
        return NULL;
    const char *tmp = getenv("TMPDIR");
    static char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/.mount_PelscopeXXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return NULL;
    int ready[2];
    if (pipe2(ready, O_CLOEXEC) != 0)
        return NULL;
    const pid_t parent = getpid();
    const pid_t server = fork();
    if (server < 0)
        return NULL;
    if (server == 0) {
        close(ready[0]);
        if (!stay)
            prctl(PR_SET_PDEATHSIG, SIGHUP);
        sqfs_ll *ll = sqfs_ll_open(self_path(), (size_t)offset);
        if (!ll)
            _exit(1);
        static const struct fuse_lowlevel_ops ops = {
            .lookup = sqfs_ll_op_lookup,
            .forget = sqfs_ll_op_forget,
            .getattr = sqfs_ll_op_getattr,
            .readlink = sqfs_ll_op_readlink,
            .open = sqfs_ll_op_open,
            .read = sqfs_ll_op_read,
            .release = sqfs_ll_op_release,
            .opendir = sqfs_ll_op_opendir,
            .readdir = sqfs_ll_op_readdir,
            .releasedir = sqfs_ll_op_releasedir,
            .statfs = stfs_ll_op_statfs,
            .getxattr = sqfs_ll_op_getxattr,
            .listxattr = sqfs_ll_op_listxattr,
            .create = sqfs_ll_op_create,
        };
        char *fuse_argv[] = {(char *)"pelscope-appimage", (char *)"-o", (char *)"ro", NULL};
        struct fuse_args args = FUSE_ARGS_INIT(3, fuse_argv);
        sqfs_ll_chan ch;
        if (sqfs_ll_mount(&ch, dir, &args, (struct fuse_lowlevel_ops *)&ops, sizeof ops, ll) != SQFS_OK)
            _exit(1);
        if (!stay && getppid() != parent) { // the program ended before the mount was up
            sqfs_ll_unmount(&ch, dir);
            _exit(0);
        }
        fuse_set_signal_handlers(ch.session);
        if (write(ready[1], "1", 1) != 1)
            _exit(1);
        close(ready[1]);
        fuse_session_loop(ch.session);
        fuse_remove_signal_handlers(ch.session);
        sqfs_ll_unmount(&ch, dir);
        rmdir(dir);
        _exit(0);
    }
    close(ready[1]);
    char byte = 0;
    const ssize_t n = read(ready[0], &byte, 1);
    close(ready[0]);
    if (n != 1) {
        waitpid(server, NULL, 0);
        rmdir(dir);
        return NULL;
    }
    return dir;
}

static void usage(void)
{
    printf("Pelscope AppImage runtime %s\n"
           "  (no option)                     run Pelscope (mounted with FUSE where it can, else extracted)\n"
           "  --appimage-extract [PATH]       extract the AppDir (or PATH in it) to ./squashfs-root\n"
           "  --appimage-extract-and-run ...  extract to $TMPDIR, run, remove\n"
           "  --appimage-mount                mount, print the mount point, serve until interrupted\n"
           "  --appimage-offset               the squashfs image's offset in this file\n"
           "  --appimage-updateinformation    the embedded update information\n"
           "  --appimage-version, --appimage-help\n"
           "Everything else goes to Pelscope; --cli runs pelscope-cli.\n",
           PELSCOPE_RUNTIME_VERSION);
}

int main(int argc, char **argv)
{
    const char *opt = argc > 1 ? argv[1] : "";
    if (strncmp(opt, "--appimage-", 11) == 0) {
        off_t offset;
        if (strcmp(opt, "--appimage-help") == 0) {
            usage();
            return 0;
        }
        if (strcmp(opt, "--appimage-version") == 0) {
            printf("%s\n", PELSCOPE_RUNTIME_VERSION);
            return 0;
        }
        if (strcmp(opt, "--appimage-offset") == 0) {
            const int fd = open_image(NULL, &offset);
            if (fd < 0)
                return 1;
            printf("%lld\n", (long long)offset);
            return 0;
        }
        if (strcmp(opt, "--appimage-updateinformation") == 0) {
            printf("%.*s\n", (int)sizeof update_information, update_information);
            return 0;
        }
        if (strcmp(opt, "--appimage-extract") == 0) {
            sqfs fs;
            if (open_image(&fs, &offset) < 0)
                return 1;
            return extract(&fs, "squashfs-root", argc > 2 ? argv[2] : NULL) == 0 ? 0 : 1;
        }
        if (strcmp(opt, "--appimage-extract-and-run") == 0) {
            argv[1] = argv[0];
            return extract_and_run(argc - 1, argv + 1);
        }
        if (strcmp(opt, "--appimage-mount") == 0) {
            const char *dir = mount_image(1);
            if (!dir) {
                fprintf(stderr, "appimage: FUSE cannot be used here (/dev/fuse, or fusermount3 when not root)\n");
                return 1;
            }
            printf("%s\n", dir);
            fflush(stdout);
            return 0; // the server goes on until it is interrupted or unmounted
        }
        fprintf(stderr, "appimage: unknown option %s (--appimage-help lists them)\n", opt);
        return 2;
    }
    const char *dir = getenv("APPIMAGE_EXTRACT_AND_RUN") ? NULL : mount_image(0);
    if (!dir)
        return extract_and_run(argc, argv);
    export_environment(dir, argv[0]);
    exec_apprun(dir, argc, argv);
    return 127;
}
